public import Foundation

/// A browser sign-in approved on another device: the browser that started it shows a code (as
/// a QR code and a URL) and waits; the app holding a credential reads the code, shows the
/// browser's origin, and approves with its device key or declines. The authorization code is
/// minted only when the browser that started it (its cookie's hash must match) continues.
public struct CrossDeviceSignInRecord: Sendable, Equatable, Identifiable {
    /// Random, in the browser page's URL; not a secret (the browser's cookie is).
    public var id: String
    /// Keyed hash of the code the other device reads (unique among stored sign-ins).
    public var requestHash: Data
    /// SHA-256 of the secret in the cookie of the browser that started it.
    public var browserHash: Data
    public var tenantID: String
    public var realmID: String
    public var applicationID: String
    /// The sealed authorization transaction the approving device signs.
    public var transaction: String
    /// Where the browser that started it comes from, shown on the approving device.
    public var origin: Origin
    public var state: State
    /// The identity and credential that approved, once approved.
    public var identityID: String?
    public var credentialID: String?
    /// What the approval proved, once approved.
    public var assurance: SignInAssurance?
    public var createdAt: Date
    /// When it lapses unless approved by then.
    public var expiresAt: Date
    /// When it was approved, declined or expired.
    public var decidedAt: Date?

    /// Creates a record.
    public init(
        id: String, requestHash: Data, browserHash: Data, tenantID: String, realmID: String, applicationID: String,
        transaction: String, origin: Origin, state: State = .pending, identityID: String? = nil, credentialID: String? = nil,
        assurance: SignInAssurance? = nil, createdAt: Date, expiresAt: Date, decidedAt: Date? = nil
    ) {
        self.id = id
        self.requestHash = requestHash
        self.browserHash = browserHash
        self.tenantID = tenantID
        self.realmID = realmID
        self.applicationID = applicationID
        self.transaction = transaction
        self.origin = origin
        self.state = state
        self.identityID = identityID
        self.credentialID = credentialID
        self.assurance = assurance
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.decidedAt = decidedAt
    }
}
