import PostgresNIO
import SQLiteNIO

/// Turns engine constraint errors into the contract's ``StorageError``s.
enum SQLErrors {
    static func translating<R>(_ body: () async throws -> R) async throws -> R {
        do {
            return try await body()
        } catch let error as PSQLError {
            switch error.serverInfo?[.sqlState] {
            case "23505": throw StorageError.alreadyExists.with(detail: error.serverInfo?[.message] ?? "")
            case "23503": throw StorageError.notFound.with(detail: "a referenced row does not exist")
            default: throw error
            }
        } catch let error as SQLiteError {
            let message = String(describing: error)
            if message.contains("UNIQUE constraint failed") || message.contains("PRIMARY KEY") {
                throw StorageError.alreadyExists.with(detail: message)
            }
            if message.contains("FOREIGN KEY constraint failed") {
                throw StorageError.notFound.with(detail: "a referenced row does not exist")
            }
            throw error
        }
    }
}
