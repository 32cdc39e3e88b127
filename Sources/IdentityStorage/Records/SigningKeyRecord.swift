public import Foundation

/// A token-signing key of a realm.
public struct SigningKeyRecord: Sendable, Equatable {
    /// Unique key id (the JWS `kid`).
    public var kid: String
    /// The realm whose tokens it signs.
    public var realmID: String
    /// What it signs with: a P-256 key (ES256) or an RSA key (RS256).
    public var algorithm: SigningAlgorithm
    /// The private key, sealed under the master key: P-256 raw, or RSA as PKCS #1 DER.
    public var sealedPrivateKey: Data
    /// When it was created.
    public var createdAt: Date
    /// When it starts signing, if later than its creation: until then it is only published, so
    /// that relying parties have it before the first token it signs.
    public var activatesAt: Date?
    /// When it stops signing (a rotation sets it to its successor's activation); it is still
    /// published until the tokens it signed have expired.
    public var retiredAt: Date?

    /// Creates a record.
    public init(
        kid: String, realmID: String, algorithm: SigningAlgorithm = .es256, sealedPrivateKey: Data, createdAt: Date,
        activatesAt: Date? = nil, retiredAt: Date?
    ) {
        self.kid = kid
        self.realmID = realmID
        self.algorithm = algorithm
        self.sealedPrivateKey = sealedPrivateKey
        self.createdAt = createdAt
        self.activatesAt = activatesAt
        self.retiredAt = retiredAt
    }

    /// When it starts signing.
    public var activation: Date { activatesAt ?? createdAt }

    /// Whether it has stopped signing by `time`.
    public func isRetired(at time: Date) -> Bool {
        retiredAt.map { $0 <= time } ?? false
    }

    /// Whether it signs at `time`.
    public func signs(at time: Date) -> Bool {
        activation <= time && !isRetired(at: time)
    }
}
