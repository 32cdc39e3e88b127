import Foundation
import Logging
import SQLKit
import Testing

@testable import IdentityStorage

/// The SQLite engine makes each commit durable (`synchronous=FULL`) unless told `normal`.
@Suite struct SQLiteSynchronousTests {
    @Test(arguments: [(SQLiteSynchronous?.none, 2), (.full, 2), (.normal, 1)])
    func theConnectionSyncsAsConfigured(synchronous: SQLiteSynchronous?, pragma: Int) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bi-sync-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let logger = Logger(label: "test")
        let engine = if let synchronous {
            try await SQLiteEngine(path: path, synchronous: synchronous, logger: logger)
        } else {
            try await SQLiteEngine(path: path, logger: logger)
        }
        let value = try await engine.run { db in try await db.raw("PRAGMA synchronous").first()?.decode(column: "synchronous", as: Int.self) }
        #expect(value == pragma)
        try await engine.shutdown()
    }
}
