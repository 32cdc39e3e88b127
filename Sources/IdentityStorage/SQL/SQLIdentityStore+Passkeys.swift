public import Foundation
import SQLKit

/// Passkeys: a credential row (kind `passkey`) and its WebAuthn row.
extension SQLIdentityStore {
    public func passkey(credentialID: String) async throws -> PasskeyRecord? {
        try await fetch(PasskeyRecord.self, where: "credential_id", equals: credentialID)
    }

    public func addPasskey(_ credential: CredentialRecord, _ passkey: PasskeyRecord, audit event: AuditEventRecord) async throws {
        try await engine.transaction { db in
            try await self.insert(credential, on: db)
            try await self.insert(passkey, on: db)
            try await self.insert(event, on: db)
        }
    }

    public func passkeys(credentialIDs: [String]) async throws -> [PasskeyRecord] {
        guard !credentialIDs.isEmpty else { return [] }
        return try await engine.run { db in
            try await db.select().column("*").from(PasskeyRecord.table).where("credential_id", .in, credentialIDs).all()
                .map(PasskeyRecord.init(row:))
        }
    }

    public func passkey(
        realmID: String, webAuthnID: Data
    ) async throws -> (credential: CredentialRecord, passkey: PasskeyRecord, identityStatus: IdentityRecord.Status)? {
        let row = try await engine.run { db in
            try await db.raw("""
                SELECT c.*, p.*, i.status AS identity_status FROM passkeys p
                JOIN credentials c ON c.id = p.credential_id JOIN identities i ON i.id = c.identity_id
                WHERE p.realm_id = \(bind: realmID) AND p.webauthn_id = \(bind: webAuthnID)
                """).first()
        }
        return try row.map { (try CredentialRecord(row: $0), try PasskeyRecord(row: $0), try $0.value("identity_status")) }
    }

    public func activePasskeyIDs(identityID: String, limit: Int) async throws -> [Data] {
        try await engine.run { db in
            try await db.raw("""
                SELECT p.webauthn_id FROM passkeys p JOIN credentials c ON c.id = p.credential_id
                WHERE c.identity_id = \(bind: identityID) AND c.state = \(bind: CredentialRecord.State.active.rawValue)
                ORDER BY c.id LIMIT \(bind: limit)
                """).all().map { try $0.data("webauthn_id") }
        }
    }

    public func completePasskeySignIn(
        signInID: String, credentialID: String, expectedSignCount: UInt32, signCount: UInt32, backedUp: Bool, now: Date,
        code: AuthorizationCodeRecord, audit: AuditEventRecord
    ) async throws {
        try await engine.transaction { db in
            let counted = try await db.raw("""
                UPDATE passkeys SET sign_count = \(bind: Int64(signCount)), backed_up = \(bind: Int64(backedUp ? 1 : 0))
                WHERE credential_id = \(bind: credentialID) AND sign_count = \(bind: Int64(expectedSignCount))
                RETURNING credential_id
                """).first()
            guard counted != nil else { throw StorageError.alreadyExists.with(detail: "passkey counter of \(credentialID)") }
            let completed = try await db.raw("""
                UPDATE cross_device_sign_ins SET state = \(bind: CrossDeviceSignInRecord.State.completed.rawValue),
                    identity_id = \(bind: code.identityID), credential_id = \(bind: credentialID), decided_at = \(bind: now.milliseconds)
                WHERE id = \(bind: signInID) AND state = \(bind: CrossDeviceSignInRecord.State.pending.rawValue)
                    AND expires_at > \(bind: now.milliseconds)
                RETURNING id
                """).first()
            guard completed != nil else { throw StorageError.notFound.with(detail: "pending sign-in \(signInID)") }
            for statement in self.completionStatements(now: now, code: code, audit: audit) { try await db.run(statement) }
            try await self.engine.notify(Self.extensionSessionChannel, payload: signInID, on: db)
        }
    }
}
