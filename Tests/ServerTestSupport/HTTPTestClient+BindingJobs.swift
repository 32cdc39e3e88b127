import Foundation
import TestProcessSupport

extension HTTPTestClient {
    /// Reads the binding job at `path` until `done` holds for it (polling every 20 ms, up to
    /// `timeout`), and returns it: its mail is sent in the background, from the outbox.
    package func bindingJob(
        _ path: String, timeout: Duration = .seconds(60), until done: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        var last: [String: Any] = [:]
        return try await eventually(within: timeout, "the binding job's change (last seen: \(last))") {
            last = try await send("GET", path).json
            return done(last) ? last : nil
        }
    }
}
