public import Foundation
import SQLKit

/// Email one-time codes: wrong attempts spent and the right code redeemed by conditional updates.
extension SQLIdentityStore {
    public func createEmailCodeChallenge(_ challenge: EmailCodeChallengeRecord) async throws { try await insert(challenge) }

    public func emailCodeChallenge(id: String) async throws -> EmailCodeChallengeRecord? {
        try await fetch(EmailCodeChallengeRecord.self, where: "id", equals: id)
    }

    public func identity(realmID: String, email: String) async throws -> IdentityRecord? {
        let matches = try await engine.run { db in
            try await db.raw("""
                SELECT * FROM identities WHERE realm_id = \(bind: realmID) AND lower(email) = lower(\(bind: email)) ORDER BY id LIMIT 2
                """).all().map(IdentityRecord.init(row:))
        }
        // An address two identities share names neither: a code must not pick one of them.
        return matches.count == 1 ? matches[0] : nil
    }

    public func spendEmailCodeAttempt(id: String, now: Date) async throws -> EmailCodeChallengeRecord? {
        try await engine.run { db in
            try await db.raw("""
                UPDATE email_code_challenges SET attempts_left = attempts_left - 1
                WHERE id = \(bind: id) AND redeemed_at IS NULL AND attempts_left > 0 AND expires_at > \(bind: now.milliseconds)
                RETURNING *
                """).first().map(EmailCodeChallengeRecord.init(row:))
        }
    }

    public func redeemEmailCodeChallenge(
        id: String, now: Date, code: AuthorizationCodeRecord, bindingJob: BindingJobRecord?, audit: [AuditEventRecord]
    ) async throws {
        try await engine.transaction { db in
            let redeemed = try await db.raw("""
                UPDATE email_code_challenges SET redeemed_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id) AND redeemed_at IS NULL AND expires_at > \(bind: now.milliseconds)
                RETURNING id
                """).first()
            guard redeemed != nil else { throw StorageError.notFound.with(detail: "email code challenge \(id)") }
            for statement in self.completionStatements(now: now, code: code, audit: nil) { try await db.run(statement) }
            if let bindingJob { try await self.insert(bindingJob, on: db) }
            for event in audit { try await self.insert(event, on: db) }
        }
    }
}

extension EmailCodeChallengeRecord: SQLRecord {
    static let table = "email_code_challenges"
    var columns: [SQLColumn] {
        [("id", id), ("code_hash", codeHash), ("auth_transaction", transaction), ("tenant_id", tenantID), ("realm_id", realmID),
         ("application_id", applicationID), ("identity_id", identityID), ("attempts_left", Int64(attemptsLeft)),
         ("created_at", createdAt.milliseconds), ("expires_at", expiresAt.milliseconds), ("redeemed_at", redeemedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), codeHash: try row.data("code_hash"), transaction: try row.string("auth_transaction"),
            tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            applicationID: try row.string("application_id"), identityID: try row.optionalString("identity_id"),
            attemptsLeft: Int(try row.decode(column: "attempts_left", as: Int64.self)), createdAt: try row.date("created_at"),
            expiresAt: try row.date("expires_at"), redeemedAt: try row.optionalDate("redeemed_at"))
    }
}
