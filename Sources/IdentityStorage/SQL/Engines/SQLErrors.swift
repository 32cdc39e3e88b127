import AsyncKit
import NIOCore
import NIOPosix
import PostgresNIO
import SQLiteNIO

/// Turns engine errors into the contract's ``StorageError``s: constraint violations, and
/// outages (a database that is down, full, read-only or locked by another process).
enum SQLErrors {
    /// Runs `body`; an error that means the database cannot serve now becomes
    /// ``StorageError/unavailable``, so callers answer "retry later", not "bug".
    static func detectingOutages<R>(_ body: () async throws -> R) async throws -> R {
        do {
            return try await body()
        } catch let error as SQLiteError where isOutage(error.reason) {
            throw StorageError.unavailable.with(detail: error.description)
        } catch let error as PSQLError where isOutage(error) {
            let detail = error.code == .server ? error.serverInfo?[.message] ?? "server error" : "cannot connect to the database"
            throw StorageError.unavailable.with(detail: detail)
        } catch is ConnectionPoolTimeoutError, is ConnectionPoolError, is ChannelError, is NIOConnectionError, is IOError {
            throw StorageError.unavailable.with(detail: "the database cannot be reached")
        }
    }

    /// SQLite's "cannot serve now" results, basic and extended.
    private static func isOutage(_ reason: SQLiteError.Reason) -> Bool {
        switch reason {
        case .busy, .busyInRecovery, .busyInSnapshot, .busyTimeout, .locked, .lockedBySharedCache,
             .readOnly, .readonlyInRecovery, .readonlyCantLock, .readonlyInRollback, .readonlyBackingMoved, .readonlyDirectory,
             .ioError, .ioErrorFailedRead, .ioErrorIncompleteRead, .ioErrorFailedWrite, .ioErrorFailedSync, .ioErrorFailedDirSync,
             .ioErrorFailedTruncate, .ioErrorFailedStat, .ioErrorFailedUnlock, .ioErrorFailedReadLock, .ioErrorFailedDelete,
             .ioErrorNoMemory, .ioErrorFailedAccess, .ioErrorFailedLockCheck, .ioErrorFailedAdvisoryLock, .ioErrorFailedClose,
             .ioErrorFailedSharedMemOpen, .ioErrorFailedSharedMemSize, .ioErrorFailedSharedMemMap,
             .ioErrorFailedMemoryMap, .ioErrorCantFindTempdir, .full, .cantOpen, .cantOpenDirectory, .noMemory, .permission:
            true
        default:
            false
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
