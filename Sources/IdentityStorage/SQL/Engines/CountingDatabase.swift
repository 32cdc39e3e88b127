import Logging
import NIOCore
import SQLKit
import Synchronization

/// A database that counts the statements run through it and the rows they return, for a
/// storage span; everything else is the database it wraps.
struct CountingDatabase: SQLDatabase {
    let inner: any SQLDatabase
    let counts: StatementCounts

    var logger: Logger { inner.logger }
    var eventLoop: any EventLoop { inner.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { inner.version }
    var dialect: any SQLDialect { inner.dialect }
    var queryLogLevel: Logger.Level? { inner.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        counts.statement()
        try await inner.execute(sql: query) { [counts] row in
            counts.row()
            onRow(row)
        }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await execute(sql: query, onRow) }
    }
}

/// Statements and rows counted across the tasks of one storage operation.
final class StatementCounts: Sendable {
    private let statements = Atomic(0)
    private let rows = Atomic(0)

    func statement() { statements.add(1, ordering: .relaxed) }
    func row() { rows.add(1, ordering: .relaxed) }

    var totals: (statements: Int, rows: Int) {
        (statements.load(ordering: .relaxed), rows.load(ordering: .relaxed))
    }
}
