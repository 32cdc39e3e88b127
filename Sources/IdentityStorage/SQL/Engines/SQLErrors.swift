import AsyncKit
import NIOCore
import NIOPosix
import PostgresNIO

/// Turns engine errors into the contract's ``StorageError``s: constraint violations, and
/// outages (a database that is down, full, read-only or locked by another process).
enum SQLErrors {
    /// Runs `body`; an error that means the database cannot serve now becomes
    /// ``StorageError/unavailable``, so callers answer "retry later", not "bug".
    static func detectingOutages<R>(_ body: () async throws -> R) async throws -> R {
        do {
            return try await body()
        } catch let error as SQLiteStatementError where error.isOutage {
            throw StorageError.unavailable.with(detail: error.description)
        } catch let error as PSQLError where isOutage(error) {
            let detail = error.code == .server ? error.serverInfo?[.message] ?? "server error" : "cannot connect to the database"
            throw StorageError.unavailable.with(detail: detail)
        } catch is ConnectionPoolTimeoutError, is ConnectionPoolError, is ChannelError, is NIOConnectionError, is IOError {
            throw StorageError.unavailable.with(detail: "the database cannot be reached")
        }
    }

    /// PostgreSQL's: no connection, or the server refuses work (SQLSTATE classes 08 connection
    /// exception, 53 insufficient resources, 57P operator intervention, 25006 read-only).
    private static func isOutage(_ error: PSQLError) -> Bool {
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed:
            return true
        case .server:
            let state = error.serverInfo?[.sqlState] ?? ""
            return state.hasPrefix("08") || state.hasPrefix("53") || state.hasPrefix("57P") || state == "25006"
        default:
            return false
        }
    }

    static func translating<R>(_ body: () async throws -> R) async throws -> R {
        do {
            return try await body()
        } catch let error as PSQLError {
            switch error.serverInfo?[.sqlState] {
            case "23505": throw StorageError.alreadyExists.with(detail: error.serverInfo?[.message] ?? "")
            case "23503": throw StorageError.notFound.with(detail: "a referenced row does not exist")
            default: throw error
            }
        } catch let error as SQLiteStatementError where error.isUniquenessViolation {
            throw StorageError.alreadyExists.with(detail: error.message)
        } catch let error as SQLiteStatementError where error.isForeignKeyViolation {
            throw StorageError.notFound.with(detail: "a referenced row does not exist")
        }
    }
}
