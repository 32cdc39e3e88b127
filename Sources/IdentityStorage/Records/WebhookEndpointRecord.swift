public import Foundation

/// A tenant's webhook endpoint: where events of the types it subscribes to are delivered,
/// signed with its secret (the Standard Webhooks format). The secret is stored sealed under the
/// master key, since it must be used, not only compared; while a rotation's overlap lasts the
/// previous secret signs too.
public struct WebhookEndpointRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var url: String
    public var description: String?
    /// The event types it receives (`identity.created`, `credential.revoked` …).
    public var eventTypes: [String]
    /// Whether deliveries are attempted; a `410 Gone` answer turns it off.
    public var enabled: Bool
    /// Why it was turned off by the server (`410 Gone`), when it was.
    public var disabledReason: String?
    /// The signing secret, sealed.
    public var sealedSecret: Data
    /// The secret before the last rotation, sealed, and until when it signs too.
    public var previousSealedSecret: Data?
    public var previousSecretExpiresAt: Date?
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(
        id: String, tenantID: String, url: String, description: String?, eventTypes: [String], enabled: Bool,
        disabledReason: String? = nil, sealedSecret: Data, previousSealedSecret: Data? = nil, previousSecretExpiresAt: Date? = nil,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenantID = tenantID
        self.url = url
        self.description = description
        self.eventTypes = eventTypes
        self.enabled = enabled
        self.disabledReason = disabledReason
        self.sealedSecret = sealedSecret
        self.previousSealedSecret = previousSealedSecret
        self.previousSecretExpiresAt = previousSecretExpiresAt
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
