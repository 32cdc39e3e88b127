/// Turns at the headless browser: the browser tests run their scripts one at a time, so that
/// suites running in parallel on a two-core machine do not start several Chromiums at once
/// (each is several processes), which slowed every other test past its deadline.
actor BrowserTurns {
    static let shared = BrowserTurns()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` when no other browser script runs.
    func take<Result: Sendable>(_ body: @Sendable () async throws -> Result) async rethrows -> Result {
        if busy {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            busy = true
        }
        defer {
            if waiting.isEmpty { busy = false } else { waiting.removeFirst().resume() }
        }
        return try await body()
    }
}
