import SQLKit

extension SQLDatabase {
    /// Runs `statement` for what it changes; unique and foreign-key violations become
    /// ``StorageError``s.
    func run(_ statement: any SQLExpression) async throws {
        try await SQLErrors.translating { try await execute(sql: statement) { _ in } }
    }
}
