public import Foundation

/// A tenant's webhook endpoint as the admin API shows it. Its secret (`whsec_…`) appears only
/// in the answers that create the endpoint or rotate the secret.
public struct WebhookEndpoint: Codable, Sendable, Equatable {
    public var id: String
    public var tenantID: String
    public var url: String
    public var description: String?
    /// The event types it receives (`identity.created`, `credential.revoked` …).
    public var events: [String]
    /// Whether deliveries are attempted.
    public var enabled: Bool
    /// Why the server turned it off (a `410 Gone` answer), when it did.
    public var disabledReason: String?
    /// Until when the secret a rotation replaced still signs too.
    public var previousSecretExpiresAt: Date?
    public var createdAt: Date
    public var updatedAt: Date
    /// The signing secret: only in the answers that create the endpoint or rotate it.
    public var secret: String?

    /// Creates a value.
    public init(
        id: String, tenantID: String, url: String, description: String?, events: [String], enabled: Bool, disabledReason: String?,
        previousSecretExpiresAt: Date?, createdAt: Date, updatedAt: Date, secret: String? = nil
    ) {
        self.id = id
        self.tenantID = tenantID
        self.url = url
        self.description = description
        self.events = events
        self.enabled = enabled
        self.disabledReason = disabledReason
        self.previousSecretExpiresAt = previousSecretExpiresAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.secret = secret
    }

    enum CodingKeys: String, CodingKey {
        case id, url, description, events, enabled, secret
        case tenantID = "tenant_id"
        case disabledReason = "disabled_reason"
        case previousSecretExpiresAt = "previous_secret_expires_at"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }
}
