package import Crypto
package import Foundation
package import IdentityStorage
import IdentityServerCore

/// Makes sure the server runs with the master key its database's secrets are sealed under.
///
/// The check value is derived from the key (HKDF-SHA256 with a purpose of its own, so it says
/// nothing of the key or of anything else derived from it) and recorded in the database at the
/// first start. A server started with another key (a restored database without its
/// `master.key`, a second instance without `BI_MASTER_KEY`) finds a different value and
/// refuses to start, instead of starting healthy and failing every request that needs a key.
package enum MasterKeyCheck {
    /// The check value of `key`.
    package static func value(of key: SymmetricKey) -> Data {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Data("bi-master-key-check-v1".utf8), outputByteCount: 32)
            .withUnsafeBytes { Data($0) }
    }

    /// Throws a ``ServerSetupError`` naming `source` unless `key` is the database's master key.
    /// Records the key's check value when none is recorded: on a new database, or on one from
    /// before check values, once the key has opened one of its secrets.
    package static func verify(_ key: SymmetricKey, from source: String, store: any MaintenanceStore, now: Date) async throws {
        let check = value(of: key)
        if let recorded = try await store.masterKeyCheck() {
            guard Secrets.constantTimeEquals(recorded, check) else { throw mismatch(source) }
            return
        }
        let sealer = SecretSealer(masterKey: key)
        for secret in try await store.sealedSecrets(limit: 1) {
            guard (try? sealer.open(secret.sealed, purpose: secret.owner.purpose)) != nil else { throw mismatch(source) }
        }
        // Another server may have recorded its key a moment before: the first one stands.
        guard Secrets.constantTimeEquals(try await store.recordMasterKeyCheck(check, at: now), check) else {
            throw mismatch(source)
        }
    }

    private static func mismatch(_ source: String) -> ServerSetupError {
        ServerSetupError("""
            the master key (\(source)) is not the one this database's secrets are sealed under. \
            Start with the master key that belongs to this database: the master.key file backed up with it, \
            or the BI_MASTER_KEY the other servers on this database use.
            """)
    }
}
