public import Foundation

/// An authentication transaction as the device sees it.
public struct AuthenticationChallenge: Codable, Sendable, Equatable {
    /// The transaction reference.
    public var transaction: String
    /// Random bytes (base64url) the device signs.
    public var challenge: String
    /// The OIDC issuer the transaction belongs to.
    public var issuer: String
    public var tenantID: String
    public var realmID: String
    /// The client that started the transaction.
    public var clientID: String
    /// The application's display name, for a prompt.
    public var applicationDisplayName: String
    public var expiresAt: Date

    /// Creates a challenge.
    public init(
        transaction: String, challenge: String, issuer: String, tenantID: String, realmID: String,
        clientID: String, applicationDisplayName: String, expiresAt: Date
    ) {
        self.transaction = transaction
        self.challenge = challenge
        self.issuer = issuer
        self.tenantID = tenantID
        self.realmID = realmID
        self.clientID = clientID
        self.applicationDisplayName = applicationDisplayName
        self.expiresAt = expiresAt
    }

    enum CodingKeys: String, CodingKey {
        case transaction, challenge, issuer
        case tenantID = "tenant_id"
        case realmID = "realm_id"
        case clientID = "client_id"
        case applicationDisplayName = "application_display_name"
        case expiresAt = "expires_at"
    }
}
