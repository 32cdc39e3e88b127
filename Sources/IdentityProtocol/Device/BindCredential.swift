public import Foundation

/// Binds a new device key to an identity: the single-use token of an enrollment link plus a
/// PKCS#10 certificate signing request signed by the new key (proof of possession).
public struct BindCredentialRequest: Codable, Sendable, Equatable {
    /// The single-use binding token from the enrollment link.
    public var bindingToken: String
    /// The PEM-encoded PKCS#10 CSR for a P-256 key.
    public var csr: String
    /// A name for the device, shown to administrators.
    public var deviceName: String?

    /// Creates a request.
    public init(bindingToken: String, csr: String, deviceName: String? = nil) {
        self.bindingToken = bindingToken
        self.csr = csr
        self.deviceName = deviceName
    }

    enum CodingKeys: String, CodingKey {
        case bindingToken = "binding_token"
        case csr
        case deviceName = "device_name"
    }
}

/// The server's answer to ``BindCredentialRequest``: the credential and its certificate chain.
public struct BindCredentialResponse: Codable, Sendable, Equatable {
    /// The credential's metadata.
    public var credential: CredentialDescriptor
    /// PEM certificates, leaf first, then the realm's root.
    public var certificateChain: [String]
    /// Where the app should send the user after binding, if the binding job named one.
    public var postBindingRedirectURI: String?

    /// Creates a response.
    public init(credential: CredentialDescriptor, certificateChain: [String], postBindingRedirectURI: String?) {
        self.credential = credential
        self.certificateChain = certificateChain
        self.postBindingRedirectURI = postBindingRedirectURI
    }

    enum CodingKeys: String, CodingKey {
        case credential
        case certificateChain = "certificate_chain"
        case postBindingRedirectURI = "post_binding_redirect_uri"
    }
}

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
    /// `active` or `revoked`; see ``CredentialStateWire``.
    public var state: String
    public var createdAt: Date
    /// The credential this one was extended from, if any.
    public var parentCredentialID: String?

    /// Creates a descriptor.
    public init(
        id: String, tenantID: String, tenantDisplayName: String, realmID: String, realmDisplayName: String,
        identityID: String, identityUsername: String, identityDisplayName: String, state: String,
        createdAt: Date, parentCredentialID: String? = nil
    ) {
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
    }
}

/// Credential states on the wire.
public enum CredentialStateWire {
    public static let active = "active"
    public static let revoked = "revoked"
    /// In a ``CredentialStatusResponse``: the identity is suspended.
    public static let suspended = "suspended"
    /// In a ``CredentialStatusResponse``: the identity is deleted.
    public static let deleted = "deleted"
    /// In a ``CredentialStatusResponse``: the server does not know the credential.
    public static let unknown = "unknown"
}
