public import Foundation
import SQLKit

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
                try await db.raw("LOCK TABLE master_key_check, realms, signing_keys IN SHARE ROW EXCLUSIVE MODE").run()
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
        return authorities + signingKeys
    }
}
