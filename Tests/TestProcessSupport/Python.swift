import Foundation

/// `python3`, which runs the third-party clients, verifiers and servers the tests drive (see
/// ``Tool`` for which of them a run has).
public enum Python {
    /// Debian's Chromium and its driver, as the browser tests start them.
    public static let chromium = "/usr/bin/chromium", chromedriver = "/usr/bin/chromedriver"

    /// Runs `python3 arguments…`.
    public static func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run("/usr/bin/env", ["python3"] + arguments)
    }

    /// Runs `python3 arguments…`, a script that drives Chromium, when no other such script runs.
    public static func runBrowser(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await BrowserTurns.shared.take { try await run(arguments) }
    }
}
