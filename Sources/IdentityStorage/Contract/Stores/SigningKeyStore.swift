public import Foundation

/// The realms' token-signing keys. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol SigningKeyStore: Sendable {
    func createSigningKey(_ key: SigningKeyRecord) async throws
    /// The realm's keys, newest first.
    func signingKeys(realmID: String) async throws -> [SigningKeyRecord]
    /// Realms without an unretired ES256 key (created before keys came with their realm).
    func realmIDsWithoutSigningKey() async throws -> [String]
    /// Adds `key` (a rotation's successor, usually activating later) and retires, as of its
    /// activation, every other key of its realm and algorithm that would still sign then; in
    /// one transaction.
    func rotateSigningKey(to key: SigningKeyRecord) async throws
    /// The realms and algorithms whose newest key activated before `cutoff` (due for rotation).
    func signingKeysDue(activatedBefore cutoff: Date) async throws -> [(realmID: String, algorithm: SigningAlgorithm)]
}
