public import Foundation

/// A credential as the vendor's 2.x API names it: a P-256 key pair whose private key never
/// leaves this device's key store, certified for an identity of a realm. One key store holds
/// them: ``Embedded/getPasskeys()`` and ``Embedded/getCredentials()`` list the same
/// credentials, and a passkey's ``id`` is its credential's ``Credential/handle``.
public struct Passkey: Sendable, Hashable, Identifiable {
    /// The passkey's id (its credential's handle), for ``Embedded/authenticate(url:id:)`` and
    /// ``Embedded/deletePasskey(for:)``.
    public let id: Id
    /// The passkey's id on the server: the same as ``id`` here (this SDK has no separate local id).
    public let passkeyId: PasskeyId
    /// When the passkey was stored on this device. This SDK keeps no separate local time: the
    /// server's ``created`` (the credential is stored in the same call that has the server create it).
    public let localCreated: Date
    /// When the passkey was last changed on this device; as ``localCreated``.
    public let localUpdated: Date
    /// The API base URL of the server that issued the passkey.
    public let apiBaseUrl: URL
    /// The key store's reference to the private key.
    public let keyHandle: KeyHandle
    /// Whether it can sign in, as the server last said.
    public let state: State
    /// When the server created the passkey.
    public let created: Date
    /// When the server last changed the passkey; the server does not report changes, so ``created``.
    public let updated: Date
    /// The tenant of the passkey's realm.
    public let tenant: Tenant
    /// The realm the passkey signs in to.
    public let realm: Realm
    /// The user the passkey belongs to.
    public let identity: Identity
    /// How to present the realm; its URLs are `nil` until the server sends a realm's theme.
    public let theme: Theme

    /// Creates a passkey.
    public init(
        id: Passkey.Id, passkeyId: Passkey.PasskeyId, localCreated: Date, localUpdated: Date, apiBaseUrl: URL,
        keyHandle: KeyHandle, state: Passkey.State, created: Date, updated: Date, tenant: Tenant, realm: Realm,
        identity: Identity, theme: Theme
    ) {
        self.id = id
        self.passkeyId = passkeyId
        self.localCreated = localCreated
        self.localUpdated = localUpdated
        self.apiBaseUrl = apiBaseUrl
        self.keyHandle = keyHandle
        self.state = state
        self.created = created
        self.updated = updated
        self.tenant = tenant
        self.realm = realm
        self.identity = identity
        self.theme = theme
    }

    /// The passkey a credential is.
    public init(_ credential: Credential) {
        self.init(
            id: Id(credential.handle.rawValue), passkeyId: PasskeyId(credential.handle.rawValue),
            localCreated: credential.created, localUpdated: credential.created, apiBaseUrl: credential.apiBaseURL,
            keyHandle: KeyHandle(credential.keyHandle.rawValue), state: State(credential.state),
            created: credential.created, updated: credential.created,
            tenant: Tenant(id: Tenant.Id(credential.tenantID), displayName: credential.tenantDisplayName),
            realm: Realm(id: Realm.Id(credential.realmID), displayName: credential.realmDisplayName),
            identity: Identity(
                id: Identity.Id(credential.identityID), displayName: credential.identityDisplayName,
                username: credential.identityUsername, primaryEmailAddress: nil),
            theme: credential.theme ?? Theme(logoLightUrl: nil, logoDarkUrl: nil, supportUrl: nil))
    }

    /// The handle of the credential this passkey is.
    public var handle: Credential.Handle { Credential.Handle(id.value) }
}

extension Passkey {
    /// A passkey's id: its credential's handle.
    public typealias Id = TaggedID<Passkey>

    /// A passkey's id on the server: its credential's id (the same value as ``Passkey/Id`` here).
    public typealias PasskeyId = TaggedID<Credential>

    /// Whether a passkey can sign in.
    @frozen
    public enum State: String, CaseIterable, Sendable, Hashable {
        /// It can sign in.
        case active
        /// It cannot: revoked or deleted on the server, its user suspended, or unusable on this
        /// device (``Credential/state`` tells which).
        case revoked

        /// The state of a credential in this state.
        init(_ state: CredentialState) {
            self = state == .active ? .active : .revoked
        }
    }
}
