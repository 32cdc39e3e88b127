import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO

/// SQLKit's view of a ``SQLiteConnectionHandle``: each query serialized by SQLKit, its binds
/// encoded by SQLiteKit, and run at once on the calling thread, without a hop to another
/// thread; only a statement that would wait (for another process's lock, or a change outside
/// a transaction for the disk) runs on the connection's waiting thread instead.
struct SQLiteDirectDatabase: SQLDatabase {
    let connection: SQLiteConnectionHandle
    let waitingThread: SQLiteWaitingThread
    let logger: Logger
    let eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()
    let dialect: any SQLDialect = SQLiteDialect()
    let queryLogLevel: Logger.Level? = nil

    private static let encoder = SQLiteDataEncoder()

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        var serializer = SQLSerializer(database: self)
        query.serialize(to: &serializer)
        let sql = serializer.sql
        let binds = try serializer.binds.map { try Self.encoder.encode($0) }
        do {
            try connection.execute(sql, binds) { onRow($0) }
        } catch is SQLiteConnectionHandle.WouldWait {
            try await waitingThread.execute(sql, binds, on: connection) { onRow($0) }
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await execute(sql: query, onRow) }
    }
}
