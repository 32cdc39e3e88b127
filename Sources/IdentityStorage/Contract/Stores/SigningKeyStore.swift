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
    /// one transaction, and only if the newest key of its realm and algorithm activated before
    /// `cutoff` (`false`: nothing changed). Rotations of one realm are serialised, so instances
    /// rotating on schedule at once add one successor, not one each.
    func rotateSigningKey(to key: SigningKeyRecord, ifNewestActivatedBefore cutoff: Date) async throws -> Bool
    /// The realms and algorithms whose newest key activated before `cutoff` (due for rotation).
    func signingKeysDue(activatedBefore cutoff: Date) async throws -> [(realmID: String, algorithm: SigningAlgorithm)]
    /// A number that changes whenever a realm's signing keys may have changed, through this
    /// store or (PostgreSQL) any other instance's: keys read under another value are read again.
    var signingKeysVersion: UInt64 { get }
}
