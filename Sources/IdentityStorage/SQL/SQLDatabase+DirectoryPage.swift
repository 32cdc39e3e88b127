import SQLKit

extension SQLDatabase {
    /// A page of a directory list read in the query: how many rows `scope` (`FROM … WHERE …`)
    /// selects, and `columns` of at most `limit` of them after the first `offset`, in `order`;
    /// no rows read when the page would be empty.
    func directoryPage(
        _ columns: SQLQueryString, _ scope: SQLQueryString, order: String, offset: Int, limit: Int
    ) async throws -> (rows: [any SQLRow], total: Int) {
        let total = try await raw("SELECT count(*) AS total " + scope).first()?.decode(column: "total", as: Int.self) ?? 0
        guard limit > 0, offset < total else { return ([], total) }
        let rows = try await raw("""
            \(columns) \(scope) ORDER BY \(unsafeRaw: order) LIMIT \(bind: limit) OFFSET \(bind: max(0, offset))
            """).all()
        return (rows, total)
    }
}
