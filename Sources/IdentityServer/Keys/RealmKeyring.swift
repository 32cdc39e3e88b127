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
        let sealed = try sealer.seal(authority.privateKey.rawRepresentation, purpose: SealedSecret.Owner.realmAuthority(realmID: realmID).purpose)
        authorities[realmID] = authority
        return (authority, sealed)
    }

    /// The realm's authority.
    func authority(of realm: RealmRecord) throws -> RealmAuthority {
        if let cached = authorities[realm.id] { return cached }
        let raw = try sealer.open(realm.sealedCAPrivateKey, purpose: SealedSecret.Owner.realmAuthority(realmID: realm.id).purpose)
        let authority = RealmAuthority(
            privateKey: try P256.Signing.PrivateKey(rawRepresentation: raw),
            certificate: try Certificate(derEncoded: Array(realm.caCertificateDER))
        )
        authorities[realm.id] = authority
        return authority
    }

    /// The realm's token signer.
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

    /// The realm's token signer with an active key of `algorithm`: the realm's first RSA key
    /// is created when an application first needs RS256.
    func signer(realmID: String, signing algorithm: SigningAlgorithm) async throws -> RealmSigner {
        let signer = try await signer(realmID: realmID)
        if signer.activeKIDs[algorithm] != nil { return signer }
        signers[realmID] = nil
        // Another instance may have created one meanwhile: reload before creating.
        let reloaded = try await self.signer(realmID: realmID)
        if reloaded.activeKIDs[algorithm] != nil { return reloaded }
        try await store.createSigningKey(try newSigningKey(algorithm, realmID: realmID))
        signers[realmID] = nil
        return try await self.signer(realmID: realmID)
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

    /// A new, sealed signing key of `algorithm` for the realm, for storage.
    func newSigningKey(_ algorithm: SigningAlgorithm, realmID: String) throws -> SigningKeyRecord {
        let key = try SigningKey.generate(algorithm, kid: Secrets.token())
        return SigningKeyRecord(
            kid: key.kid, realmID: realmID, algorithm: algorithm,
            sealedPrivateKey: try sealer.seal(key.bytes, purpose: SealedSecret.Owner.signingKey(kid: key.kid, realmID: realmID).purpose), createdAt: now(), retiredAt: nil)
    }

    /// Gives every realm created before keys came with their realm its first signing key, at
    /// start-up, so no request that only reads (JWKS, discovery) ever writes one.
    func createMissingSigningKeys() async throws -> Int {
        let realmIDs = try await store.realmIDsWithoutSigningKey()
        for realmID in realmIDs { try await store.createSigningKey(try newSigningKey(.es256, realmID: realmID)) }
        return realmIDs.count
    }

    private func loadSigner(realmID: String) async throws -> RealmSigner {
        let records = try await store.signingKeys(realmID: realmID)
        let keys = try records.map { record in
            try SigningKey(
                kid: record.kid, retired: record.retiredAt != nil, algorithm: record.algorithm,
                bytes: sealer.open(record.sealedPrivateKey, purpose: SealedSecret.Owner.signingKey(kid: record.kid, realmID: realmID).purpose))
        }
        return try await RealmSigner(keys: keys)
    }
}
