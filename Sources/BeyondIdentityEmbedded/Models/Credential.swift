public import Foundation

/// A credential on this device: an X.509 certificate chain for a P-256 key that never leaves
/// the device's key store, with what the server told the device about it.
///
/// A `Credential` carries no private key material; signing happens inside the ``KeyStore``.
public struct Credential: Codable, Sendable, Hashable, Identifiable {
    /// The credential's id on the server (also the subject of its certificate).
    public var handle: Handle
    /// The key store's reference to the credential's private key.
    public var keyHandle: KeyHandle
    /// The credential's state as this device knows it.
    public var state: CredentialState
    /// When the server created the credential.
    public var created: Date
    /// The API base URL of the server that issued the credential.
    public var apiBaseURL: URL
    /// PEM certificates, leaf first, then the realm's root.
    public var chain: [String]
    /// Base64 of the SHA-256 of the root certificate's DER encoding.
    public var rootFingerprint: String
    /// The tenant's id.
    public var tenantID: String
    /// The tenant's display name.
    public var tenantDisplayName: String
    /// The realm's id.
    public var realmID: String
    /// The realm's display name.
    public var realmDisplayName: String
    /// The identity's (user's) id.
    public var identityID: String
    /// The identity's username.
    public var identityUsername: String
    /// The identity's display name.
    public var identityDisplayName: String
    /// The credential this one was extended from, if any.
    public var parentHandle: Handle?
    /// The realm's logos and support link as the server sent them at registration, if any.
    public var theme: Theme?

    /// The credential's handle, for `Identifiable`.
    public var id: Handle { handle }

    /// A name to show the user: the identity's display name and the realm it belongs to.
    public var displayName: String { "\(identityDisplayName) (\(realmDisplayName))" }

    /// Creates a credential; the SDK does this when a credential is registered.
    public init(
        handle: Handle, keyHandle: KeyHandle, state: CredentialState, created: Date, apiBaseURL: URL,
        chain: [String], rootFingerprint: String, tenantID: String, tenantDisplayName: String,
        realmID: String, realmDisplayName: String, identityID: String, identityUsername: String,
        identityDisplayName: String, parentHandle: Handle? = nil, theme: Theme? = nil
    ) {
        self.theme = theme
        self.handle = handle
        self.keyHandle = keyHandle
        self.state = state
        self.created = created
        self.apiBaseURL = apiBaseURL
        self.chain = chain
        self.rootFingerprint = rootFingerprint
        self.tenantID = tenantID
        self.tenantDisplayName = tenantDisplayName
        self.realmID = realmID
        self.realmDisplayName = realmDisplayName
        self.identityID = identityID
        self.identityUsername = identityUsername
        self.identityDisplayName = identityDisplayName
        self.parentHandle = parentHandle
    }
}
