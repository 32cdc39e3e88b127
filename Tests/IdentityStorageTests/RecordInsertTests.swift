import Foundation
import NIOCore
import SQLiteKit
import SQLiteNIO
import Testing

@testable import IdentityStorage

/// A record's insert as SQLite runs it, without SQLKit's serializer: the text made once per
/// record type, and each value bound as SQLiteKit's encoder would have bound it.
@Suite struct RecordInsertTests {
    @Test func valuesAreBoundAsSQLiteKitsEncoderBindsThem() throws {
        let values: [any Encodable & Sendable] = [
            "ada", "", Int64(42), Int64.min, Data([1, 2]), Data(), String?.none, String?.some("x"), Int64?.none, Int64?.some(7),
            Data?.none, Data?.some(Data([3])),
            // Not shortcut: left to the encoder.
            true, 5, 1.5, [1, 2],
        ]
        let encoder = SQLiteDataEncoder()
        for value in values {
            #expect(try SQLiteDirectDatabase.sqliteData(value) == encoder.encode(value), "\(value)")
        }
        #expect(try SQLiteDirectDatabase.sqliteData(Int64(42)) == .integer(42))
        #expect(try SQLiteDirectDatabase.sqliteData(String?.none) == .null)
    }

    @Test func eachRecordTypeHasItsOwnTextAndEveryRecordItsValues() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let first = RecordInsert(TenantRecord(id: "t1", displayName: "One", createdAt: now, updatedAt: now))
        let second = RecordInsert(TenantRecord(id: "t2", displayName: "Two", createdAt: now, updatedAt: now.addingTimeInterval(1)))
        #expect(first.sqliteText == "INSERT INTO tenants (id, display_name, created_at, updated_at) VALUES (?, ?, ?, ?)")
        #expect(second.sqliteText == first.sqliteText)
        #expect(try second.values.map(SQLiteDirectDatabase.sqliteData)
            == [.text("t2"), .text("Two"), .integer(1_700_000_000_000), .integer(1_700_000_001_000)])

        let repeated = RecordInsert(
            TenantRecord(id: "t3", displayName: "Three", createdAt: now, updatedAt: now), then: " ON CONFLICT (id) DO NOTHING")
        #expect(repeated.sqliteText == first.sqliteText.map { $0 + " ON CONFLICT (id) DO NOTHING" })
        // A conditional insert (PostgreSQL's WITH clauses) has no SQLite text of its own.
        #expect(RecordInsert(TenantRecord(id: "t4", displayName: "Four", createdAt: now, updatedAt: now), when: "TRUE").sqliteText == nil)
    }
}
