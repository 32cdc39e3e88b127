import Crypto
package import Foundation
package import IdentityStorage
package import JWTKit
import SwiftASN1
import X509
package import IdentityServerCore

/// Each realm's keys: its token signer (unsealed signing keys, JWKS) and its root certificate,
/// kept for the ``capacity`` realms used most recently and read again from the database on a
/// miss; its CA private key, unsealed only for the operations that issue certificates and
/// never kept. A signer is read again once the store says keys changed
/// (``SigningKeyStore/signingKeysVersion``: here, or on PostgreSQL on any instance, at once)
/// and at the latest after ``refreshInterval`` (on the injected clock), the bound should a
/// change go unannounced (a notification lost, or a command on a SQLite file): rotations publish
/// a key well before it signs (``SigningKeySettings/prepublication``).
package actor RealmKeyring {
    private let store: any SigningKeyStore
    /// Reads a realm's signing keys: the store's, unless a test holds a read back.
    private let signingKeys: @Sendable (String) async throws -> [SigningKeyRecord]
    nonisolated package let sealer: SecretSealer
    private let now: @Sendable () -> Date
    /// How long a retired key stays published: as long as the tokens it signed may live.
    private let retiredKeysPublishedFor: TimeInterval
    /// Realms whose keys are kept at most.
    package nonisolated let capacity: Int
    private var roots: LRUCache<String, RealmRoot>
    private var signers: LRUCache<String, (loading: Task<RealmSigner, any Error>, loadedAt: Date, version: UInt64)>

    /// Realms whose keys are kept, by default.
    package static let defaultCapacity = 1_000

    /// How long a realm's signer is used before its keys are read again.
    package static let refreshInterval: TimeInterval = 60

    package init(
        store: any SigningKeyStore, sealer: SecretSealer, tokenLifetime: TimeInterval = 3600, capacity: Int = defaultCapacity,
        now: @escaping @Sendable () -> Date, signingKeys: (@Sendable (String) async throws -> [SigningKeyRecord])? = nil
    ) {
        self.store = store
        self.signingKeys = signingKeys ?? { [store] realmID in try await store.signingKeys(realmID: realmID) }
        self.sealer = sealer
        self.now = now
        self.capacity = capacity
        roots = LRUCache(capacity: capacity)
        signers = LRUCache(capacity: capacity)
        // Clients may accept a token a little past its expiry (clock skew): five minutes more.
        retiredKeysPublishedFor = tokenLifetime + 300
    }

    /// Creates a realm's authority and returns it with its sealed key, for the realm record.
    package func createAuthority(realmID: String, displayName: String) throws -> (RealmAuthority, sealedKey: Data) {
        let authority = try RealmAuthority.create(realmID: realmID, displayName: displayName, now: now())
        // Not cached: creating many realms must not push out the roots of realms in use.
        let sealed = try sealer.seal(authority.privateKey.rawRepresentation, purpose: SealedSecret.Owner.realmAuthority(realmID: realmID).purpose)
        return (authority, sealed)
    }

    /// The realm's authority, its private key unsealed for this use only (enrollment,
    /// extension: operations that issue certificates).
    package func authority(of realm: RealmRecord) throws -> RealmAuthority {
        let raw = try sealer.open(realm.sealedCAPrivateKey, purpose: SealedSecret.Owner.realmAuthority(realmID: realm.id).purpose)
        return RealmAuthority(privateKey: try P256.Signing.PrivateKey(rawRepresentation: raw), certificate: try root(of: realm).certificate)
    }

    /// The realm's root certificate, for checking device chains.
    package func root(of realm: RealmRecord) throws -> RealmRoot {
        if let cached = roots.value(for: realm.id) { return cached }
        let root = RealmRoot(certificate: try Certificate(derEncoded: Array(realm.caCertificateDER)))
        roots.set(root, for: realm.id)
        return root
    }

    /// The realm's token signer.
    package func signer(realmID: String) async throws -> RealmSigner {
        // Read before the keys are: a change announced during the read makes the next call read again.
        let version = store.signingKeysVersion
        if let cached = signers.value(for: realmID), cached.version == version,
           now().timeIntervalSince(cached.loadedAt) < Self.refreshInterval, let signer = try? await cached.loading.value {
            return signer
        }
        let loading = Task { try await self.loadSigner(realmID: realmID) }
        signers.set((loading, now(), version), for: realmID)
        do {
            return try await loading.value
        } catch {
            // Unless another load has taken its place meanwhile.
            if signers.peek(realmID)?.loading == loading { signers.remove(realmID) }
            throw error
        }
    }

    /// The realm's token signer with an active key of `algorithm`: the realm's first RSA key
    /// is created when an application first needs RS256.
    package func signer(realmID: String, signing algorithm: SigningAlgorithm) async throws -> RealmSigner {
        let signer = try await signer(realmID: realmID)
        if signer.activeKey(algorithm) != nil { return signer }
        signers.remove(realmID)
        // Another instance may have created one meanwhile: reload before creating.
        let reloaded = try await self.signer(realmID: realmID)
        if reloaded.activeKey(algorithm) != nil { return reloaded }
        try await store.createSigningKey(try newSigningKey(algorithm, realmID: realmID))
        signers.remove(realmID)
        return try await self.signer(realmID: realmID)
    }

    /// Verifies a token signed by one of the realm's keys. An unknown `kid` reloads the keys
    /// once: another server instance may have created a key since they were cached.
    package func verify<Payload: JWTPayload>(_ token: String, as: Payload.Type, type: String, realmID: String) async throws -> Payload {
        try await reloadingOnUnknownKey(realmID) { try await $0.verify(token, as: Payload.self, type: type) }
    }

    /// Verifies a token the realm may have issued by the hash of it kept then, or by its
    /// signature where none was (``RealmSigner/verify(_:as:type:issuedHash:)``); an unknown
    /// `kid` reloads the keys once, as ``verify(_:as:type:realmID:)`` does.
    package func verify<Payload: JWTPayload>(
        _ token: String, as: Payload.Type, type: String, realmID: String, issuedHash: @Sendable (Payload) async throws -> Data?
    ) async throws -> Payload {
        try await reloadingOnUnknownKey(realmID) { try await $0.verify(token, as: Payload.self, type: type, issuedHash: issuedHash) }
    }

    /// `body` with the realm's signer, and once more with its keys reloaded if it names a key
    /// the signer does not have.
    private func reloadingOnUnknownKey<R>(_ realmID: String, _ body: @Sendable (RealmSigner) async throws -> R) async throws -> R {
        do {
            return try await body(try await signer(realmID: realmID))
        } catch RealmSigner.SignerError.unknownKey {
            signers.remove(realmID)
            return try await body(try await signer(realmID: realmID))
        }
    }

    /// Forgets a deleted realm's keys.
    package func forget(realmID: String) {
        roots.remove(realmID)
        signers.remove(realmID)
    }

    /// A new, sealed signing key of `algorithm` for the realm, for storage, signing from
    /// `activatesAt` (at once by default).
    package func newSigningKey(_ algorithm: SigningAlgorithm, realmID: String, activatesAt: Date? = nil) throws -> SigningKeyRecord {
        let key = try SigningKey.generate(algorithm, kid: Secrets.token())
        let purpose = SealedSecret.Owner.signingKey(kid: key.kid, realmID: realmID).purpose
        return SigningKeyRecord(
            kid: key.kid, realmID: realmID, algorithm: algorithm, sealedPrivateKey: try sealer.seal(key.bytes, purpose: purpose),
            createdAt: now(), activatesAt: activatesAt, retiredAt: nil)
    }

    /// Rotates the realm's `algorithm` key if its newest one activated before `cutoff`: a new
    /// key, published now, signs from `now + prepublication`, when the current one retires.
    /// Returns the new key's id, or `nil` if the key was not due (another instance rotated it first).
    @discardableResult
    package func rotate(
        realmID: String, _ algorithm: SigningAlgorithm, prepublication: TimeInterval, ifNewestActivatedBefore cutoff: Date = .distantFuture
    ) async throws -> String? {
        let key = try newSigningKey(algorithm, realmID: realmID, activatesAt: now().addingTimeInterval(prepublication))
        guard try await store.rotateSigningKey(to: key, ifNewestActivatedBefore: cutoff) else { return nil }
        signers.remove(realmID)
        return key.kid
    }

    /// Rotates each key (of `realmID`, or of every realm) whose newest key activated before
    /// `cutoff`, its successor published `prepublication` ahead; returns each realm and its new
    /// key's id. A key another instance rotated meanwhile is left: one successor, not two.
    package func rotateKeys(
        activatedBefore cutoff: Date, of realmID: String? = nil, prepublication: TimeInterval
    ) async throws -> [(realmID: String, kid: String)] {
        var rotated: [(realmID: String, kid: String)] = []
        for (realm, algorithm) in try await store.signingKeysDue(activatedBefore: cutoff) where realmID == nil || realm == realmID {
            if let kid = try await rotate(realmID: realm, algorithm, prepublication: prepublication, ifNewestActivatedBefore: cutoff) {
                rotated.append((realm, kid))
            }
        }
        return rotated
    }

    /// Gives every realm created before keys came with their realm its first signing key, at
    /// start-up, so no request that only reads (JWKS, discovery) ever writes one.
    package func createMissingSigningKeys() async throws -> Int {
        let realmIDs = try await store.realmIDsWithoutSigningKey()
        for realmID in realmIDs { try await store.createSigningKey(try newSigningKey(.es256, realmID: realmID)) }
        return realmIDs.count
    }

    private func loadSigner(realmID: String) async throws -> RealmSigner {
        let records = try await signingKeys(realmID)
        let keys = try records.map { record in
            let purpose = SealedSecret.Owner.signingKey(kid: record.kid, realmID: realmID).purpose
            return try SigningKey(record, bytes: sealer.open(record.sealedPrivateKey, purpose: purpose))
        }
        return try await RealmSigner(keys: keys, retiredKeysPublishedFor: retiredKeysPublishedFor, now: now)
    }
}
