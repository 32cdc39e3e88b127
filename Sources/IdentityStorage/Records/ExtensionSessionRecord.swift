public import Foundation

/// A credential extension in progress: device A (the holder) shows a rotating code; device B
/// (the claimant) enters it with a CSR; A endorses B's certificate draft; the server issues it.
///
/// The row lives in the database, so A and B may talk to different server instances.
/// `version` grows with every change a device should see; writers compare-and-set on it.
public struct ExtensionSessionRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    public var identityID: String
    /// A's credential, the one being extended.
    public var credentialID: String
    /// Hash of the secret A uses to poll, rotate, endorse and cancel.
    public var holderSecretHash: Data
    /// Keyed hash of the current code (unique among stored sessions).
    public var codeHash: Data
    public var codeExpiresAt: Date
    /// When the whole session ends, whatever its state.
    public var expiresAt: Date
    /// `open`, `claimed`, `complete`, `cancelled` or `failed`.
    public var state: State
    public var version: Int64
    /// The last time A polled or acted; a claim after A has gone away fails.
    public var holderSeenAt: Date
    /// B's claim, once made.
    public var claim: ExtensionClaimRecord?
    /// Why the session failed (an API error code), when `state` is `failed`.
    public var failure: String?
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, identityID: String, credentialID: String,
        holderSecretHash: Data, codeHash: Data, codeExpiresAt: Date, expiresAt: Date, state: State, version: Int64,
        holderSeenAt: Date, claim: ExtensionClaimRecord?, failure: String?, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.identityID = identityID
        self.credentialID = credentialID
        self.holderSecretHash = holderSecretHash
        self.codeHash = codeHash
        self.codeExpiresAt = codeExpiresAt
        self.expiresAt = expiresAt
        self.state = state
        self.version = version
        self.holderSeenAt = holderSeenAt
        self.claim = claim
        self.failure = failure
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
