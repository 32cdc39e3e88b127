import SQLKit

extension SQLDatabase {
    /// `BEGIN` … `COMMIT`, or `ROLLBACK` when `body` throws.
    func inTransaction<R>(begin: String, _ body: (any SQLDatabase) async throws -> R) async throws -> R {
        try await raw(SQLQueryString(begin)).run()
        do {
            let result = try await body(self)
            try await raw("COMMIT").run()
            return result
        } catch {
            try? await raw("ROLLBACK").run()
            throw error
        }
    }
}
