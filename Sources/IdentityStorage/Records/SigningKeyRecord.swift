public import Foundation

/// A token-signing key of a realm.
public struct SigningKeyRecord: Sendable, Equatable {
    /// Unique key id (the JWS `kid`).
    public var kid: String
    public var realmID: String
    /// The P-256 private key, sealed under the master key.
    public var sealedPrivateKey: Data
    public var createdAt: Date
    /// Set when the key no longer signs; it is still published until its tokens expire.
    public var retiredAt: Date?

    /// Creates a record.
    public init(kid: String, realmID: String, sealedPrivateKey: Data, createdAt: Date, retiredAt: Date?) {
        self.kid = kid
        self.realmID = realmID
        self.sealedPrivateKey = sealedPrivateKey
        self.createdAt = createdAt
        self.retiredAt = retiredAt
    }
}
