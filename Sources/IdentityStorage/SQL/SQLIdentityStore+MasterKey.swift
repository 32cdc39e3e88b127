public import Foundation
import SQLKit
import Synchronization

/// The master key's check value, and the secrets sealed under the key.
extension SQLIdentityStore {
    public func masterKeyCheck() async throws -> Data? {
        try await engine.run { db in
            try await db.raw("SELECT check_value FROM master_key_check WHERE id = 1").first()?.data("check_value")
        }
    }

    public func recordMasterKeyCheck(_ check: Data, at date: Date) async throws -> Data {
        try await engine.run { db in
            try await db.raw("""
                INSERT INTO master_key_check (id, check_value, recorded_at) VALUES (1, \(bind: check), \(bind: date.milliseconds))
                ON CONFLICT (id) DO NOTHING
                """).run()
        }
        guard let recorded = try await masterKeyCheck() else { throw StorageError.notFound.with(detail: "master key check") }
        return recorded
    }

    /// From now on, a write of a sealed secret (a realm with its CA key, a signing key) commits
    /// only while the database's recorded master-key check value is `check`, read in the write's
    /// own transaction; otherwise it throws ``StorageError/staleMasterKey`` and writes nothing.
    /// A server sets it once its master key is verified: another process may rotate the key
    /// (``resealSecrets(replacingCheck:with:at:_:)``) while it runs, and what it sealed under the
    /// old key afterwards could never be opened again.
    public func sealOnlyUnder(masterKeyCheck check: Data) {
        sealingCheck.withLock { $0 = check }
    }

    /// First in a transaction that writes a sealed secret: refuses unless the recorded check value
    /// is the one given to ``sealOnlyUnder(masterKeyCheck:)`` (if any).
    func requireSealingKey(on db: any SQLDatabase) async throws {
        guard let expected = sealingCheck.withLock({ $0 }) else { return }
        if engine.kind == .postgres {
            // Conflicts with the rotation's SHARE ROW EXCLUSIVE lock: waits for a rotation under way
            // to commit (the value read next is then its new one), or holds the next one off until
            // this commits (it then re-seals what this wrote). SQLite's BEGIN IMMEDIATE does both.
            try await db.raw("LOCK TABLE master_key_check IN ROW EXCLUSIVE MODE").run()
        }
        let recorded = try await db.raw("SELECT check_value FROM master_key_check WHERE id = 1").first()?.data("check_value")
        guard recorded == expected else {
            throw StorageError.staleMasterKey.with(
                detail: "the database's master key is no longer the one this server holds: another process rotated it")
        }
    }

    public func sealedSecrets(limit: Int?) async throws -> [SealedSecret] {
        try await engine.run { db in try await Self.sealedSecrets(on: db, limit: limit) }
    }

    public func resealSecrets(
        replacingCheck current: Data, with new: Data, at date: Date, _ reseal: @escaping @Sendable (SealedSecret) throws -> Data
    ) async throws -> Int {
        let postgres = engine.kind == .postgres
        let count = try await engine.transaction { db in
            // SQLite's BEGIN IMMEDIATE holds off every other writer; on PostgreSQL, a realm or key
            // created meanwhile (under the old key) must wait until this commits.
            if postgres {
                try await db.raw("LOCK TABLE master_key_check, realms, signing_keys, webhook_endpoints, mail_deliveries IN SHARE ROW EXCLUSIVE MODE").run()
            }
            let replaced = try await db.raw("""
                UPDATE master_key_check SET check_value = \(bind: new), recorded_at = \(bind: date.milliseconds)
                WHERE id = 1 AND check_value = \(bind: current) RETURNING id
                """).all().count
            guard replaced == 1 else { throw StorageError.notFound.with(detail: "the recorded master key check is another") }
            let secrets = try await Self.sealedSecrets(on: db, limit: nil)
            for secret in secrets {
                let resealed = try reseal(secret)
                switch secret.owner {
                case .realmAuthority(let realmID):
                    try await db.raw("UPDATE realms SET sealed_ca_private_key = \(bind: resealed) WHERE id = \(bind: realmID)").run()
                case .signingKey(let kid, _):
                    try await db.raw("UPDATE signing_keys SET sealed_private_key = \(bind: resealed) WHERE kid = \(bind: kid)").run()
                case .webhookSecret(let endpointID, let previous):
                    let column = previous ? "previous_sealed_secret" : "sealed_secret"
                    try await db.raw("UPDATE webhook_endpoints SET \(ident: column) = \(bind: resealed) WHERE id = \(bind: endpointID)").run()
                case .mailMessage(let deliveryID):
                    try await db.raw("UPDATE mail_deliveries SET sealed_message = \(bind: resealed) WHERE id = \(bind: deliveryID)").run()
                }
            }
            return secrets.count
        }
        await announce(.everything)
        return count
    }

    private static func sealedSecrets(on db: any SQLDatabase, limit: Int?) async throws -> [SealedSecret] {
        let limit = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        let authorities = try await db.raw("SELECT id, sealed_ca_private_key FROM realms ORDER BY id\(unsafeRaw: limit)").all().map {
            SealedSecret(owner: .realmAuthority(realmID: try $0.string("id")), sealed: try $0.data("sealed_ca_private_key"))
        }
        let signingKeys = try await db.raw("SELECT kid, realm_id, sealed_private_key FROM signing_keys ORDER BY kid\(unsafeRaw: limit)").all().map {
            SealedSecret(
                owner: .signingKey(kid: try $0.string("kid"), realmID: try $0.string("realm_id")),
                sealed: try $0.data("sealed_private_key"))
        }
        let webhookSecrets = try await db.raw("""
            SELECT id, sealed_secret, previous_sealed_secret FROM webhook_endpoints ORDER BY id\(unsafeRaw: limit)
            """).all().flatMap { row in
            let id = try row.string("id")
            return [SealedSecret(owner: .webhookSecret(endpointID: id, previous: false), sealed: try row.data("sealed_secret"))]
                + (try row.optionalData("previous_sealed_secret").map {
                    [SealedSecret(owner: .webhookSecret(endpointID: id, previous: true), sealed: $0)]
                } ?? [])
        }
        let mailMessages = try await db.raw("""
            SELECT id, sealed_message FROM mail_deliveries WHERE sealed_message IS NOT NULL ORDER BY id\(unsafeRaw: limit)
            """).all().map {
            SealedSecret(owner: .mailMessage(deliveryID: try $0.string("id")), sealed: try $0.data("sealed_message"))
        }
        return authorities + signingKeys + webhookSecrets + mailMessages
    }
}
