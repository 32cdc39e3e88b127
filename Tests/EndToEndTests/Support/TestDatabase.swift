import Foundation
@testable import IdentityStorage
import Logging
import SQLKit

/// The PostgreSQL database the end-to-end tests may use: the one `BI_TEST_DATABASE_URL` names
/// (CI sets it), each test in a schema of its own.
enum TestDatabase {
    static let url = ProcessInfo.processInfo.environment["BI_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }

    /// A schema name no other test uses.
    static func newSchema() -> String {
        "e2e_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// Drops `schema` and everything in it.
    static func drop(_ schema: String, url: String) async throws {
        var logger = Logger(label: "TestDatabase")
        logger.logLevel = .warning
        let store = try await SQLIdentityStore.postgres(url: url, logger: logger)
        try await store.run("DROP SCHEMA IF EXISTS \(ident: schema) CASCADE")
        try await store.shutdown()
    }
}
