public import Foundation

/// `python3` with the third-party OAuth client libraries the interoperability tests drive.
public enum Python {
    /// Whether `python3` can import authlib and requests.
    public static var hasAuthlib: Bool {
        get async { (try? await run(["-c", "import authlib, requests"]).status) == 0 }
    }

    /// Whether `python3` can import joserfc and requests (the independent DPoP client).
    public static var hasJoserfc: Bool {
        get async { (try? await run(["-c", "import joserfc, requests"]).status) == 0 }
    }

    /// Whether `python3` can import cryptography (with its X.509 verifier; authlib depends on it).
    public static var hasCryptography: Bool {
        get async { (try? await run(["-c", "from cryptography.x509 import verification"]).status) == 0 }
    }

    /// Debian's Chromium and its driver, as the browser tests start them.
    public static let chromium = "/usr/bin/chromium", chromedriver = "/usr/bin/chromedriver"

    /// Whether `python3` can import Selenium and Debian's `chromium` and `chromedriver` are
    /// installed (the console's browser tests).
    public static var hasSelenium: Bool {
        get async {
            guard [chromium, chromedriver].allSatisfy(FileManager.default.isExecutableFile(atPath:)) else { return false }
            return (try? await run(["-c", "import selenium"]).status) == 0
        }
    }

    /// In CI (`BI_REQUIRE_CHROMIUM=1`, set by `.ci/run`, which installs them) a missing browser,
    /// driver or Selenium fails the test.
    public static var isChromiumRequired: Bool { ProcessInfo.processInfo.environment["BI_REQUIRE_CHROMIUM"] == "1" }

    /// In CI (`BI_REQUIRE_AUTHLIB=1`, set by `.ci/run`, which installs it) a missing authlib fails the test.
    public static var isAuthlibRequired: Bool { ProcessInfo.processInfo.environment["BI_REQUIRE_AUTHLIB"] == "1" }

    /// Runs `python3 arguments…`.
    public static func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run("/usr/bin/env", ["python3"] + arguments)
    }
}
