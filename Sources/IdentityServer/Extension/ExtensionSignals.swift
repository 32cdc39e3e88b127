import Foundation

/// Wakes the long polls of this server instance as soon as a session changes here. Changes
/// made on another instance are seen when a waiting poll re-reads the session (every
/// ``ServerConfiguration/CredentialExtension/recheckInterval``).
actor ExtensionSignals {
    private var waiters: [String: [UUID: AsyncStream<Void>.Continuation]] = [:]

    /// Returns when `sessionID` is signalled, after `timeout`, or when the task is cancelled.
    func wait(for sessionID: String, timeout: Duration) async {
        let (signalled, continuation) = AsyncStream<Void>.makeStream()
        let waiter = UUID()
        waiters[sessionID, default: [:]][waiter] = continuation
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in signalled {} }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        waiters[sessionID]?[waiter] = nil
        if waiters[sessionID]?.isEmpty == true { waiters[sessionID] = nil }
        continuation.finish()
    }

    /// Wakes every wait on `sessionID`.
    func signal(_ sessionID: String) {
        for continuation in (waiters.removeValue(forKey: sessionID) ?? [:]).values {
            continuation.finish()
        }
    }
}
