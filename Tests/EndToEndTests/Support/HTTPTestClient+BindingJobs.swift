import Foundation

extension HTTPTestClient {
    /// Reads the binding job at `path` until `done` holds for it (polling every 20 ms, up to
    /// `timeout`), and returns it: its mail is sent in the background, from the outbox.
    func bindingJob(
        _ path: String, timeout: Duration = .seconds(60), until done: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        let deadline = ContinuousClock.now + timeout
        var last: [String: Any] = [:]
        while ContinuousClock.now < deadline {
            last = try await send("GET", path).json
            if done(last) { return last }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw SetupError("the binding job never got there; last seen: \(last)")
    }
}
