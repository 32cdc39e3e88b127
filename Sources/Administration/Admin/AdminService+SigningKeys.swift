import Foundation
package import IdentityProtocol
import IdentityStorage
import IdentityServerCore
import RealmKeys

/// A realm's token-signing keys: current, next and retired, and rotation on demand.
extension AdminService {
    /// The realm's keys, newest first.
    package func signingKeys(_ path: RealmPath) async throws -> [AdminSigningKey] {
        try admin.require(.readConfiguration, toDo: "read signing keys")
        _ = try await realmRecord(path)
        let now = now()
        return try await store.signingKeys(realmID: path.realmID).map { record in
            let status: AdminSigningKey.Status = record.isRetired(at: now) ? .retired : record.signs(at: now) ? .current : .next
            return AdminSigningKey(
                kid: record.kid, algorithm: JWSAlgorithm(record.algorithm), status: status, createdAt: record.createdAt,
                activatesAt: record.activation, retiresAt: record.retiredAt)
        }
    }

    /// Gives each of the realm's current keys a successor, published now and signing after the
    /// configured prepublication (so relying parties have it first); audited. Returns the keys.
    package func rotateSigningKeys(_ path: RealmPath) async throws -> [AdminSigningKey] {
        try admin.require(.configure, toDo: "rotate signing keys")
        try requireRecentProof(toDo: "rotate signing keys")
        _ = try await realmRecord(path)
        let rotated = try await keyring.rotateKeys(
            activatedBefore: .distantFuture, of: path.realmID, prepublication: signingKeyPrepublication)
        for (_, kid) in rotated {
            try await audit("signing_key.rotated", tenantID: path.tenantID, realmID: path.realmID, subjectID: kid)
        }
        return try await signingKeys(path)
    }
}
