import Crypto
import Foundation
import IdentityStorage
import JWTKit
import X509

/// Each realm's keys, unsealed once and cached: its certificate authority and its token
/// signer. The sign-in path never reads a key from the database twice.
actor RealmKeyring {
    private let store: any IdentityStore
    private let sealer: SecretSealer
    private let now: @Sendable () -> Date
    private var authorities: [String: RealmAuthority] = [:]
    private var signers: [String: Task<RealmSigner, any Error>] = [:]

    init(store: any IdentityStore, sealer: SecretSealer, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.sealer = sealer
        self.now = now
    }

    /// Creates a realm's authority and returns it with its sealed key, for the realm record.
    func createAuthority(realmID: String, displayName: String) throws -> (RealmAuthority, sealedKey: Data) {
        let authority = try RealmAuthority.create(realmID: realmID, displayName: displayName, now: now())
        let sealed = try sealer.seal(authority.privateKey.rawRepresentation, purpose: Self.authorityPurpose(realmID))
        authorities[realmID] = authority
        return (authority, sealed)
    }

    /// The realm's authority.
    func authority(of realm: RealmRecord) throws -> RealmAuthority {
        if let cached = authorities[realm.id] { return cached }
        let raw = try sealer.open(realm.sealedCAPrivateKey, purpose: Self.authorityPurpose(realm.id))
        let authority = RealmAuthority(
            privateKey: try P256.Signing.PrivateKey(rawRepresentation: raw),
            certificate: try Certificate(derEncoded: Array(realm.caCertificateDER))
        )
        authorities[realm.id] = authority
        return authority
    }

    /// The realm's token signer, creating its first signing key on first use.
    func signer(realmID: String) async throws -> RealmSigner {
        if let loading = signers[realmID], let signer = try? await loading.value { return signer }
        let loading = Task { try await self.loadSigner(realmID: realmID) }
        signers[realmID] = loading
        do {
            return try await loading.value
        } catch {
            signers[realmID] = nil
            throw error
        }
    }

    /// Verifies a token signed by one of the realm's keys. An unknown `kid` reloads the keys
    /// once: another server instance may have created a key since they were cached.
    func verify<Payload: JWTPayload>(_ token: String, as: Payload.Type, type: String, realmID: String) async throws -> Payload {
        do {
            return try await signer(realmID: realmID).verify(token, as: Payload.self, type: type)
        } catch RealmSigner.SignerError.unknownKey {
            signers[realmID] = nil
            return try await signer(realmID: realmID).verify(token, as: Payload.self, type: type)
        }
    }

    /// Forgets a deleted realm's keys.
    func forget(realmID: String) {
        authorities[realmID] = nil
        signers[realmID] = nil
    }

    private func loadSigner(realmID: String) async throws -> RealmSigner {
        var records = try await store.signingKeys(realmID: realmID)
        if !records.contains(where: { $0.retiredAt == nil }) {
            let key = P256.Signing.PrivateKey()
            let kid = Secrets.token()
            try await store.createSigningKey(SigningKeyRecord(
                kid: kid, realmID: realmID,
                sealedPrivateKey: try sealer.seal(key.rawRepresentation, purpose: Self.signingPurpose(kid)),
                createdAt: now(), retiredAt: nil
            ))
            records = try await store.signingKeys(realmID: realmID)
        }
        let keys = try records.map { record in
            (kid: record.kid, retired: record.retiredAt != nil,
             key: try P256.Signing.PrivateKey(
                rawRepresentation: sealer.open(record.sealedPrivateKey, purpose: Self.signingPurpose(record.kid))))
        }
        return try await RealmSigner(keys: keys)
    }

    private static func authorityPurpose(_ realmID: String) -> String { "realm-ca:\(realmID)" }
    private static func signingPurpose(_ kid: String) -> String { "signing-key:\(kid)" }
}
