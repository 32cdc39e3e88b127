import Logging
import NIOPosix
import PostgresKit
import SQLKit
import Synchronization

/// PostgreSQL: a connection pool; a transaction holds one connection for its duration.
/// Queries and data changes run as prepared statements (``PreparingPostgresDatabase``).
/// (`@unchecked`: the pool guards its state with locks but predates `Sendable`.)
final class PostgresEngine: SQLEngine, @unchecked Sendable {
    let kind = SQLEngineKind.postgres
    private let pool: EventLoopGroupConnectionPool<PostgresConnectionSource>
    private let database: any SQLDatabase
    private let connection: PostgresConnection.Configuration
    private let logger: Logger
    /// The tasks behind ``notifications(on:)``, stopped at shutdown.
    private let listeners = Mutex<[Task<Void, Never>]>([])

    init(url: String, searchPath: [String]?, logger: Logger) throws {
        var configuration: SQLPostgresConfiguration
        do {
            configuration = try SQLPostgresConfiguration(url: url)
        } catch {
            throw StorageError.unsupportedDatabaseURL.with(detail: "\(error)")
        }
        configuration.searchPath = searchPath
        connection = configuration.coreConfiguration
        self.logger = logger
        pool = EventLoopGroupConnectionPool(
            source: PostgresConnectionSource(sqlConfiguration: configuration),
            maxConnectionsPerEventLoop: 4, logger: logger, on: MultiThreadedEventLoopGroup.singleton)
        database = PreparingPostgresDatabase(pool: pool, names: PreparedStatementNames(logger: logger), logger: logger)
    }

    func run<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await SQLErrors.detectingOutages { try await body(database) }
    }

    /// The same as ``run(_:)``: each statement is atomic, and one round trip.
    func write<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await run(body)
    }

    /// The same as ``run(_:)``: a pooled connection is never left inside a transaction.
    func runOutsideTransactions<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await run(body)
    }

    func transaction<R: Sendable>(_ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await SQLErrors.detectingOutages {
            try await database.withSession { session in try await session.inTransaction(begin: "BEGIN", body) }
        }
    }

    /// Connects once outside the pool (which would log every failed attempt), so a server that
    /// cannot be reached fails with one error.
    func probe() async throws {
        var quiet = logger
        quiet.logLevel = .critical
        try await SQLErrors.detectingOutages {
            let probe = try await PostgresConnection.connect(configuration: connection, id: 0, logger: quiet)
            try await probe.close()
        }
    }

    func notify(_ channel: String, payload: String, on db: any SQLDatabase) async throws {
        try await db.raw("SELECT pg_notify(\(bind: channel), \(bind: payload))").run()
    }

    /// `LISTEN` on a connection of its own, outside the pool. Returns once listening, or once
    /// the first attempt has failed; reconnects every second while the stream is consumed.
    /// Payloads sent while disconnected are lost, so listeners must not depend on them alone.
    func notifications(on channel: String) async -> AsyncStream<String> {
        let (payloads, output) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1024))
        let (firstAttempt, attempted) = AsyncStream.makeStream(of: Void.self)
        let listener = Task { [connection, logger] in
            while !Task.isCancelled {
                do {
                    let listening = try await PostgresConnection.connect(configuration: connection, id: 0, logger: logger)
                    do {
                        try await listening.listen(on: channel) { notifications in
                            attempted.finish()
                            for try await notification in notifications { output.yield(notification.payload) }
                        }
                    } catch {
                        try? await listening.close()
                        throw error
                    }
                    try? await listening.close()
                } catch {
                    if !Task.isCancelled {
                        logger.warning("listening for database notifications failed", metadata: ["error": "\(error)"])
                    }
                }
                attempted.finish()
                try? await Task.sleep(for: .seconds(1))
            }
            output.finish()
        }
        output.onTermination = { _ in listener.cancel() }
        listeners.withLock { $0.append(listener) }
        for await _ in firstAttempt {}
        return payloads
    }

    func shutdown() async throws {
        for listener in listeners.withLock({ $0 }) {
            listener.cancel()
            await listener.value
        }
        try await pool.shutdownAsync()
    }
}
