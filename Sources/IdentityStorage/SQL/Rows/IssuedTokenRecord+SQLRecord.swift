import Foundation
import SQLKit

extension IssuedTokenRecord: SQLRecord {
    static let table = "issued_tokens"
    var columns: [SQLColumn] {
        [("jti", jti), ("grant_type", grant.rawValue), ("code_hash", codeHash), ("session_id", sessionID),
         ("expires_at", expiresAt.milliseconds), ("revoked_at", revokedAt?.milliseconds),
         ("token_hash", tokenHash)]
    }
    init(row: any SQLRow) throws {
        self.init(jti: try row.string("jti"), grant: try row.value("grant_type"), codeHash: try row.optionalData("code_hash"),
                  sessionID: try row.optionalString("session_id"), expiresAt: try row.date("expires_at"),
                  revokedAt: try row.optionalDate("revoked_at"), tokenHash: try row.optionalData("token_hash"))
    }
}
