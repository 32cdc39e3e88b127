public import Foundation
import SQLKit

/// Passkeys: a credential row (kind `passkey`) and its WebAuthn row.
extension SQLIdentityStore {
    public func passkey(credentialID: String) async throws -> PasskeyRecord? {
        try await fetch(PasskeyRecord.self, where: "credential_id", equals: credentialID)
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
}
