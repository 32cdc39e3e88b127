import PostgresNIO
import Synchronization

/// Ends the statements of a connection as soon as it closes, whether or not they ever answer.
///
/// PostgresNIO loses a statement written to a connection just as it closes: the statement's
/// task is written without a promise, dropped with the closed channel, and its caller waits
/// forever. A transaction whose database went away (a failover) waited forever on its
/// `ROLLBACK`. Here a statement runs in a task of its own while its caller waits for either its
/// answer or its connection's close (one callback per connection, however many statements). A
/// statement so lost is left behind holding only itself; its connection goes back to the pool,
/// which drops it.
final class ClosedConnectionWatch: Sendable {
    /// What the statements of a closed connection fail with.
    static let closed = StorageError.unavailable.with(detail: "the database connection closed")

    private struct State {
        /// Per open connection watched: how to fail each statement waiting on it, by ticket.
        var waiting: [ObjectIdentifier: [UInt64: @Sendable () -> Void]] = [:]
        var nextTicket: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Runs `statement` on `connection`; throws ``closed`` once the connection closes first.
    func run<R: Sendable>(on connection: PostgresConnection, _ statement: @escaping @Sendable () async throws -> R) async throws -> R {
        if connection.isClosed { throw Self.closed }
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<R, any Error>) in
            let pending = Mutex<CheckedContinuation<R, any Error>?>(continuation)
            let ticket = watch(connection) { pending.withLock { $0.take() }?.resume(throwing: Self.closed) }
            Task {
                let result: Result<R, any Error>
                do { result = .success(try await statement()) } catch { result = .failure(error) }
                self.forget(ticket, of: connection)
                pending.withLock { $0.take() }?.resume(with: result)
            }
        }
    }

    /// Registers `fail` for when `connection` closes (at once if it has); returns its ticket.
    private func watch(_ connection: PostgresConnection, fail: @escaping @Sendable () -> Void) -> UInt64 {
        let key = ObjectIdentifier(connection)
        let (ticket, first) = state.withLock { state in
            state.nextTicket &+= 1
            let first = state.waiting[key] == nil
            state.waiting[key, default: [:]][state.nextTicket] = fail
            return (state.nextTicket, first)
        }
        // One callback per connection: it fails whatever waits on the connection when it closes.
        if first {
            connection.closeFuture.whenComplete { [self] _ in
                let failing = state.withLock { $0.waiting.removeValue(forKey: key) } ?? [:]
                for fail in failing.values { fail() }
            }
        }
        return ticket
    }

    private func forget(_ ticket: UInt64, of connection: PostgresConnection) {
        let key = ObjectIdentifier(connection)
        state.withLock { state in
            state.waiting[key]?[ticket] = nil
        }
    }
}
