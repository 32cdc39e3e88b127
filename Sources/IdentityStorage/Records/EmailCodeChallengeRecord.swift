public import Foundation

/// A one-time code mailed for a pending sign-in: its keyed hash, the sign-in's transaction, and
/// whose it is. A challenge for an address that belongs to nobody is stored too (without an
/// identity, so no code redeems it): the server answers every address alike.
public struct EmailCodeChallengeRecord: Sendable, Equatable, Identifiable {
    /// Random, in the continuation URL; not a secret (the code is).
    public var id: String
    /// Keyed hash of the code.
    public var codeHash: Data
    /// The sealed authorization transaction the code signs in to.
    public var transaction: String
    public var tenantID: String
    public var realmID: String
    public var applicationID: String
    /// The identity the address belongs to; `nil` when it belongs to nobody.
    public var identityID: String?
    /// Wrong codes still allowed; at 0 the challenge is spent.
    public var attemptsLeft: Int
    public var createdAt: Date
    public var expiresAt: Date
    /// When the right code was redeemed.
    public var redeemedAt: Date?

    /// Creates a record.
    public init(
        id: String, codeHash: Data, transaction: String, tenantID: String, realmID: String, applicationID: String,
        identityID: String?, attemptsLeft: Int, createdAt: Date, expiresAt: Date, redeemedAt: Date? = nil
    ) {
        self.id = id
        self.codeHash = codeHash
        self.transaction = transaction
        self.tenantID = tenantID
        self.realmID = realmID
        self.applicationID = applicationID
        self.identityID = identityID
        self.attemptsLeft = attemptsLeft
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.redeemedAt = redeemedAt
    }
}
