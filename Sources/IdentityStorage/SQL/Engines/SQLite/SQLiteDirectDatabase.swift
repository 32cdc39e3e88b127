import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO

/// SQLKit's view of a ``SQLiteConnectionHandle``: each query serialized by SQLKit, its binds
/// encoded by SQLiteKit, and run at once on the calling thread (the engine's own), without a
/// hop to another thread per statement.
struct SQLiteDirectDatabase: SQLDatabase {
    let connection: SQLiteConnectionHandle
    let logger: Logger
    let eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()
    let dialect: any SQLDialect = SQLiteDialect()
    let queryLogLevel: Logger.Level? = nil

    private static let encoder = SQLiteDataEncoder()

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try run(query, onRow)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeCompletedFuture { try run(query, onRow) }
    }

    private func run(_ query: any SQLExpression, _ onRow: (any SQLRow) -> Void) throws {
        var serializer = SQLSerializer(database: self)
        query.serialize(to: &serializer)
        let binds = try serializer.binds.map { try Self.encoder.encode($0) }
        try connection.execute(serializer.sql, binds) { onRow($0) }
    }
}
