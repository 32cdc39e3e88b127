import Foundation
import SQLKit

extension RefreshTokenRecord: SQLRecord {
    static let table = "refresh_tokens"
    var columns: [SQLColumn] {
        [("token_hash", tokenHash), ("session_id", sessionID), ("created_at", createdAt.milliseconds),
         ("expires_at", expiresAt.milliseconds), ("used_at", usedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            tokenHash: try row.data("token_hash"), sessionID: try row.string("session_id"), createdAt: try row.date("created_at"),
            expiresAt: try row.date("expires_at"), usedAt: try row.optionalDate("used_at"))
    }
}
