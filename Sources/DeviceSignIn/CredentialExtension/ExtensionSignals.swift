import Foundation
import ServiceLifecycle
import IdentityServerCore

/// Wakes the long polls of this server instance as soon as a session changes, here or (through
/// ``ExtensionChangeRelay``) on another instance sharing the database. A waiting poll also
/// re-reads its session every ``CredentialExtensionSettings/recheckInterval``, in
/// case a notification was lost. A graceful shutdown ends every wait at once, so a server
/// that stops never waits out a long poll.
package actor ExtensionSignals {
    private var waiters: [String: [UUID: AsyncStream<Void>.Continuation]] = [:]

    package init() {}

    /// Reads with a wake-up for `sessionID` already registered, so that a change committed
    /// just after the read still wakes this wait: returns that read if `isNews`; otherwise
    /// waits for a signal, `timeout`, cancellation or a graceful shutdown, and reads again.
    package func read<Value: Sendable>(
        _ sessionID: String, waitingUpTo timeout: Duration, until isNews: @Sendable (Value) -> Bool,
        _ read: @Sendable () async throws -> Value
    ) async throws -> Value {
        let (signalled, continuation) = AsyncStream<Void>.makeStream()
        let waiter = UUID()
        waiters[sessionID, default: [:]][waiter] = continuation
        defer {
            waiters[sessionID]?[waiter] = nil
            if waiters[sessionID]?.isEmpty == true { waiters[sessionID] = nil }
            continuation.finish()
        }
        let first = try await read()
        guard !isNews(first) else { return first }
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { for await _ in signalled {} }
                group.addTask { try? await Task.sleep(for: timeout) }
                await group.next()
                group.cancelAll()
            }
        }
        return try await read()
    }

    /// How many waits on `key` there are now.
    package func waiters(on key: String) -> Int {
        waiters[key]?.count ?? 0
    }

    /// Wakes every wait on `sessionID`.
    package func signal(_ sessionID: String) {
        for continuation in (waiters.removeValue(forKey: sessionID) ?? [:]).values {
            continuation.finish()
        }
    }
}
