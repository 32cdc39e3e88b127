public import Foundation
import SQLKit

/// People's changes of their own email address.
extension SQLIdentityStore {
    public func requestEmailChange(_ change: EmailChangeRecord, at now: Date, audit event: AuditEventRecord) async throws {
        try await engine.transaction { db in
            try await db.run("""
                UPDATE email_changes SET cancelled_at = \(bind: now.milliseconds)
                WHERE identity_id = \(bind: change.identityID) AND confirmed_at IS NULL AND cancelled_at IS NULL
                """ as SQLQueryString)
            try await self.insert(change, on: db)
            try await self.insert(event, on: db)
        }
    }

    public func emailChange(confirmHash: Data) async throws -> EmailChangeRecord? {
        try await fetch(EmailChangeRecord.self, where: "confirm_hash", equals: confirmHash)
    }

    public func emailChange(cancelHash: Data) async throws -> EmailChangeRecord? {
        try await fetch(EmailChangeRecord.self, where: "cancel_hash", equals: cancelHash)
    }

    public func pendingEmailChange(identityID: String, at now: Date) async throws -> EmailChangeRecord? {
        try await engine.run { db in
            try await db.raw("""
                SELECT * FROM email_changes WHERE identity_id = \(bind: identityID) AND confirmed_at IS NULL
                    AND cancelled_at IS NULL AND confirm_by > \(bind: now.milliseconds)
                ORDER BY created_at DESC LIMIT 1
                """).first().map(EmailChangeRecord.init(row:))
        }
    }

    public func confirmEmailChange(id: String, at now: Date, audit event: AuditEventRecord) async throws {
        try await engine.transaction { db in
            guard let change = try await db.raw("""
                UPDATE email_changes SET confirmed_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id) AND confirmed_at IS NULL AND cancelled_at IS NULL AND confirm_by > \(bind: now.milliseconds)
                RETURNING *
                """).first().map(EmailChangeRecord.init(row:))
            else { throw StorageError.notFound.with(detail: "email change \(id)") }
            // Two confirmations of one address in a realm must not both find it free.
            try await self.lockRealm(change.realmID, on: db)
            let provisioned = try await db.raw("SELECT 1 AS one FROM scim_users WHERE identity_id = \(bind: change.identityID)").first()
            guard provisioned == nil else { throw StorageError.notFound.with(detail: "email change of a provisioned identity") }
            let taken = try await db.raw("""
                SELECT 1 AS one FROM identities WHERE realm_id = \(bind: change.realmID) AND lower(email) = lower(\(bind: change.newEmail))
                    AND id <> \(bind: change.identityID) LIMIT 1
                """).first()
            guard taken == nil else { throw StorageError.alreadyExists.with(detail: "email of another identity") }
            let former: SQLQueryString = change.formerEmail.map { "email = \(bind: $0)" } ?? "email IS NULL"
            let updated = try await db.raw("""
                UPDATE identities SET email = \(bind: change.newEmail), updated_at = \(bind: now.milliseconds)
                WHERE id = \(bind: change.identityID) AND status = 'active' AND \(former) RETURNING id
                """).first()
            guard updated != nil else { throw StorageError.notFound.with(detail: "identity \(change.identityID) changed meanwhile") }
            try await self.insert(event, on: db)
        }
    }

    public func cancelEmailChange(
        id: String, at now: Date, audit event: @escaping @Sendable (_ restored: Bool) throws -> AuditEventRecord
    ) async throws -> (change: EmailChangeRecord, restored: Bool)? {
        try await engine.transaction { db in
            let at = now.milliseconds
            guard let change = try await db.raw("""
                UPDATE email_changes SET cancelled_at = \(bind: at)
                WHERE id = \(bind: id) AND cancelled_at IS NULL AND expires_at > \(bind: at) RETURNING *
                """).first().map(EmailChangeRecord.init(row:))
            else { return nil }
            var restored = false
            if change.confirmedAt != nil {
                // Whoever made it may have changed the address again meanwhile: those changes end with it.
                let later = try await db.raw("""
                    UPDATE email_changes SET cancelled_at = \(bind: at)
                    WHERE identity_id = \(bind: change.identityID) AND created_at > \(bind: change.createdAt.milliseconds)
                        AND cancelled_at IS NULL
                    RETURNING new_email, confirmed_at
                    """).all().filter { try $0.optionalDate("confirmed_at") != nil }.map { try $0.string("new_email") }
                let current = try await db.raw("SELECT email FROM identities WHERE id = \(bind: change.identityID)").first()
                    .flatMap { try $0.optionalString("email") }
                var taken = false
                if let former = change.formerEmail {
                    taken = try await db.raw("""
                        SELECT 1 AS one FROM identities WHERE realm_id = \(bind: change.realmID) AND lower(email) = lower(\(bind: former))
                            AND id <> \(bind: change.identityID) LIMIT 1
                        """).first() != nil
                }
                if let current, ([change.newEmail] + later).contains(current), !taken {
                    try await db.run("""
                        UPDATE identities SET email = \(bind: change.formerEmail), updated_at = \(bind: at) WHERE id = \(bind: change.identityID)
                        """ as SQLQueryString)
                    restored = true
                }
            }
            try await db.run("DELETE FROM account_sessions WHERE identity_id = \(bind: change.identityID)" as SQLQueryString)
            try await self.insert(try event(restored), on: db)
            return (change, restored)
        }
    }

    public func isProvisioned(identityID: String) async throws -> Bool {
        try await engine.run { db in
            try await db.raw("SELECT 1 AS one FROM scim_users WHERE identity_id = \(bind: identityID)").first() != nil
        }
    }
}

extension EmailChangeRecord: SQLRecord {
    static let table = "email_changes"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("identity_id", identityID), ("former_email", formerEmail),
         ("new_email", newEmail), ("confirm_hash", confirmHash), ("cancel_hash", cancelHash), ("created_at", createdAt.milliseconds),
         ("confirm_by", confirmBy.milliseconds), ("expires_at", expiresAt.milliseconds), ("confirmed_at", confirmedAt?.milliseconds),
         ("cancelled_at", cancelledAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            identityID: try row.string("identity_id"), formerEmail: try row.optionalString("former_email"),
            newEmail: try row.string("new_email"), confirmHash: try row.data("confirm_hash"), cancelHash: try row.data("cancel_hash"),
            createdAt: try row.date("created_at"), confirmBy: try row.date("confirm_by"), expiresAt: try row.date("expires_at"),
            confirmedAt: try row.optionalDate("confirmed_at"), cancelledAt: try row.optionalDate("cancelled_at"))
    }
}
