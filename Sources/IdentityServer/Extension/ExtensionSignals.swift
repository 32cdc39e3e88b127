import Foundation

/// Wakes the long polls of this server instance as soon as a session changes, here or (through
/// ``ExtensionChangeRelay``) on another instance sharing the database. A waiting poll also
/// re-reads its session every ``ServerConfiguration/CredentialExtension/recheckInterval``, in
/// case a notification was lost.
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
