import Foundation
@testable import IdentityStorage
import Logging
import SQLKit
import Testing

/// An engine the conformance suite runs against: SQLite always, PostgreSQL when
/// `BI_TEST_DATABASE_URL` names a server (see `.ci/start-postgres`).
enum TestEngine: String, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    /// The engines available in this run.
    static let all: [TestEngine] = postgresURL == nil ? [.sqlite] : [.sqlite, .postgres]

    static let postgresURL: String? = {
        let url = ProcessInfo.processInfo.environment["BI_TEST_DATABASE_URL"]
        return url?.isEmpty == false ? url : nil
    }()

    static let logger: Logger = {
        var logger = Logger(label: "IdentityStorageTests")
        logger.logLevel = .warning
        return logger
    }()

    var description: String { rawValue }

    /// A fresh, migrated, empty database of its own (a temporary SQLite file, or a PostgreSQL
    /// schema of a unique name), passed to `body` and removed afterwards.
    func withStore(_ body: (SQLIdentityStore) async throws -> Void) async throws {
        try await withDatabase { open in
            let store = try await open()
            do {
                try await store.migrate()
                try await body(store)
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        }
    }

    /// A fresh, empty database migrated up to `version` only, with a store on it passed to
    /// `body` and shut down afterwards: a migration's test seeds the old schema, then migrates.
    func withStore(migratedThrough version: Int, _ body: (SQLIdentityStore) async throws -> Void) async throws {
        try await withDatabase { open in
            let store = try await open()
            do {
                try await Migrations.apply(on: store.engine.engine, now: Fixtures.t0, through: version)
                try await body(store)
            } catch {
                try? await store.shutdown()
                throw error
            }
            try await store.shutdown()
        }
    }

    /// Two stores (two servers, as it were) on one fresh, empty, unmigrated database, shut down
    /// after `body`.
    func withTwoStores(_ body: (SQLIdentityStore, SQLIdentityStore) async throws -> Void) async throws {
        try await withDatabase { open in
            let (first, second) = (try await open(), try await open())
            do {
                try await body(first, second)
            } catch {
                try? await first.shutdown()
                try? await second.shutdown()
                throw error
            }
            try await first.shutdown()
            try await second.shutdown()
        }
    }

    /// A fresh, empty, unmigrated database; `body` may open any number of stores on it.
    func withDatabase(_ body: (@Sendable () async throws -> SQLIdentityStore) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("identity-storage-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("identity.sqlite").path
            // Stores opened here share the file with each other in one loaded test process, where
            // a turn can wait long for a thread: they wait for each other's locks as long as it takes.
            try await body { SQLIdentityStore(engine: try await SQLiteEngine(path: path, lockWait: .seconds(60), logger: Self.logger)) }
        case .postgres:
            let url = try #require(Self.postgresURL)
            let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            let admin = try await SQLIdentityStore.postgres(url: url, logger: Self.logger)
            let create: SQLQueryString = "CREATE SCHEMA \(ident: schema)"
            do {
                try await admin.run(create)
                try await body {
                    try await SQLIdentityStore.postgres(url: url, searchPath: [schema], logger: Self.logger)
                }
            } catch {
                try? await admin.run("DROP SCHEMA \(ident: schema) CASCADE")
                try? await admin.shutdown()
                throw error
            }
            try await admin.run("DROP SCHEMA \(ident: schema) CASCADE")
            try await admin.shutdown()
        }
    }
}
