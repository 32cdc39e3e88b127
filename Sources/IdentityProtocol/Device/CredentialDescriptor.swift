public import Foundation

/// What the server tells a device about one of its credentials.
public struct CredentialDescriptor: Codable, Sendable, Equatable {
    /// The credential id (also the subject of its certificate).
    public var id: String
    public var tenantID: String
    public var tenantDisplayName: String
    public var realmID: String
    public var realmDisplayName: String
    public var identityID: String
    public var identityUsername: String
    public var identityDisplayName: String
    /// `active` or `revoked`.
    public var state: ServerCredentialState
    public var createdAt: Date
    /// The credential this one was extended from, if any.
    public var parentCredentialID: String?
    /// The realm's logos and support link, when it has any.
    public var realmTheme: RealmTheme?

    /// Creates a descriptor.
    public init(
        id: String, tenantID: String, tenantDisplayName: String, realmID: String, realmDisplayName: String,
        identityID: String, identityUsername: String, identityDisplayName: String, state: ServerCredentialState,
        createdAt: Date, parentCredentialID: String? = nil, realmTheme: RealmTheme? = nil
    ) {
        self.realmTheme = realmTheme
        self.id = id
        self.tenantID = tenantID
        self.tenantDisplayName = tenantDisplayName
        self.realmID = realmID
        self.realmDisplayName = realmDisplayName
        self.identityID = identityID
        self.identityUsername = identityUsername
        self.identityDisplayName = identityDisplayName
        self.state = state
        self.createdAt = createdAt
        self.parentCredentialID = parentCredentialID
    }

    enum CodingKeys: String, CodingKey {
        case id
        case tenantID = "tenant_id"
        case tenantDisplayName = "tenant_display_name"
        case realmID = "realm_id"
        case realmDisplayName = "realm_display_name"
        case identityID = "identity_id"
        case identityUsername = "identity_username"
        case identityDisplayName = "identity_display_name"
        case state
        case createdAt = "created_at"
        case parentCredentialID = "parent_credential_id"
        case realmTheme = "realm_theme"
    }
}
