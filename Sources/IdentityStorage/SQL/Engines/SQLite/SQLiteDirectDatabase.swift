import Foundation
import Logging
import NIOCore
import NIOPosix
import SQLKit
import SQLiteKit
import SQLiteNIO

/// SQLKit's view of a ``SQLiteConnectionHandle``: each query serialized by SQLKit (a
/// ``RecordInsert`` has its text already), and run at once on the calling thread, without a
/// hop to another thread; only a statement that would wait (for another process's lock, or a
/// change outside a transaction for the disk) runs on the connection's waiting thread instead.
struct SQLiteDirectDatabase: SQLDatabase {
    let connection: SQLiteConnectionHandle
    let waitingThread: SQLiteWaitingThread
    let logger: Logger
    let eventLoop: any EventLoop = MultiThreadedEventLoopGroup.singleton.any()
    let dialect: any SQLDialect = SQLiteDialect()
    let queryLogLevel: Logger.Level? = nil

    private static let encoder = SQLiteDataEncoder()

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        let sql: String
        let binds: [SQLiteData]
        if let insert = query as? RecordInsert, let text = insert.sqliteText {
            (sql, binds) = (text, try insert.values.map(Self.sqliteData))
        } else {
            var serializer = SQLSerializer(database: self)
            query.serialize(to: &serializer)
            (sql, binds) = (serializer.sql, try serializer.binds.map(Self.sqliteData))
        }
        do {
            try connection.execute(sql, binds) { onRow($0) }
        } catch is SQLiteConnectionHandle.WouldWait {
            try await waitingThread.execute(sql, binds, on: connection) { onRow($0) }
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await execute(sql: query, onRow) }
    }

    /// `value` as SQLite stores it: the types the store binds (text, integers, bytes, and each
    /// of them or `nil` as an optional) told apart by their type, as SQLiteKit's encoder would
    /// write them, without its dynamic casts (measured: 2% of a sign-in); any other through it.
    static func sqliteData(_ value: any Encodable & Sendable) throws -> SQLiteData {
        try sqliteData(of: value)
    }

    private static func sqliteData<Value: Encodable & Sendable>(of value: Value) throws -> SQLiteData {
        if Value.self == String.self { return .text(unsafeBitCast(value, to: String.self)) }
        if Value.self == Int64.self { return .integer(Int(unsafeBitCast(value, to: Int64.self))) }
        if Value.self == Data.self { return .blob(ByteBuffer(bytes: unsafeBitCast(value, to: Data.self))) }
        if Value.self == String?.self { return unsafeBitCast(value, to: String?.self).map { .text($0) } ?? .null }
        if Value.self == Int64?.self { return unsafeBitCast(value, to: Int64?.self).map { .integer(Int($0)) } ?? .null }
        if Value.self == Data?.self { return unsafeBitCast(value, to: Data?.self).map { .blob(ByteBuffer(bytes: $0)) } ?? .null }
        return try encoder.encode(value)
    }
}
