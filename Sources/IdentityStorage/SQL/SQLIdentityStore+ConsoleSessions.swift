public import Foundation
import SQLKit

/// The web console's sessions.
extension SQLIdentityStore {
    public func createConsoleSession(_ session: ConsoleSessionRecord) async throws {
        try await insert(session)
    }

    public func consoleSession(secretHash: Data) async throws -> ConsoleSessionRecord? {
        try await fetch(ConsoleSessionRecord.self, where: "secret_hash", equals: secretHash)
    }

    public func touchConsoleSession(id: String, at date: Date) async throws {
        try await run("UPDATE console_sessions SET last_seen_at = \(bind: date.milliseconds) WHERE id = \(bind: id)")
    }

    public func deleteConsoleSession(id: String) async throws {
        try await run("DELETE FROM console_sessions WHERE id = \(bind: id)")
    }
}

extension ConsoleSessionRecord: SQLRecord {
    static let table = "console_sessions"
    var columns: [SQLColumn] {
        [("id", id), ("secret_hash", secretHash), ("admin_token_id", adminTokenID), ("created_at", createdAt.milliseconds),
         ("last_seen_at", lastSeenAt.milliseconds), ("expires_at", expiresAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), secretHash: try row.data("secret_hash"), adminTokenID: try row.string("admin_token_id"),
            createdAt: try row.date("created_at"), lastSeenAt: try row.date("last_seen_at"), expiresAt: try row.date("expires_at"))
    }
}
