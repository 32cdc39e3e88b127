public import Foundation

/// A credential binding job: an enrollment (registration or recovery) link for an identity.
public struct BindingJobRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    public var identityID: String
    /// `registration` or `recovery`.
    public var kind: Kind
    /// `email` or `return`.
    public var delivery: Delivery
    /// SHA-256 of the single-use binding token; unique.
    public var tokenHash: Data
    public var postBindingRedirectURI: String?
    /// `pending` or `complete`. (Expiry is read from `expiresAt`.)
    public var status: Status
    public var expiresAt: Date
    public var createdAt: Date
    public var completedAt: Date?
    /// The credential the job produced.
    public var credentialID: String?
    /// A recovery revokes the identity's other credentials (the lost device may be in someone's
    /// hands) unless this is set.
    public var keepsOtherCredentials: Bool

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, identityID: String, kind: Kind, delivery: Delivery,
        tokenHash: Data, postBindingRedirectURI: String?, status: Status, expiresAt: Date, createdAt: Date,
        completedAt: Date?, credentialID: String?, keepsOtherCredentials: Bool = false
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.identityID = identityID
        self.kind = kind
        self.delivery = delivery
        self.tokenHash = tokenHash
        self.postBindingRedirectURI = postBindingRedirectURI
        self.status = status
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.completedAt = completedAt
        self.credentialID = credentialID
        self.keepsOtherCredentials = keepsOtherCredentials
    }
}
