public import Foundation

extension Process {
    /// Starts the process from a thread of its own. Foundation's `run()` may block until the
    /// child has exec'd, and a child spawned at the same moment by another test can hold that
    /// wait open; the blocked thread must not be one of the few the cooperative pool has.
    public func start() async throws {
        nonisolated(unsafe) let process = self
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread {
                do {
                    try process.run()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }
}
