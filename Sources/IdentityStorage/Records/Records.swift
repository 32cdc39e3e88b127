public import Foundation

/// A tenant: the top of the resource tree.
public struct TenantRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var displayName: String
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(id: String, displayName: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.displayName = displayName
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A realm: a user population with its own certificate authority and signing keys.
public struct RealmRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var displayName: String
    /// Where enrollment links redirect the user (the app's universal link).
    public var registrationRedirectURI: String
    /// The CA's P-256 private key, sealed under the master key.
    public var sealedCAPrivateKey: Data
    /// The CA's self-signed root certificate, DER.
    public var caCertificateDER: Data
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(
        id: String, tenantID: String, displayName: String, registrationRedirectURI: String,
        sealedCAPrivateKey: Data, caCertificateDER: Data, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenantID = tenantID
        self.displayName = displayName
        self.registrationRedirectURI = registrationRedirectURI
        self.sealedCAPrivateKey = sealedCAPrivateKey
        self.caCertificateDER = caCertificateDER
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// An application: an OAuth client with an embedded authenticator config.
public struct ApplicationRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    /// Globally unique.
    public var clientID: String
    public var displayName: String
    /// `confidential` or `public`.
    public var clientType: String
    /// `client_secret_basic`, `client_secret_post` or `none`.
    public var tokenEndpointAuthMethod: String
    /// SHA-256 of the client secret; `nil` for public clients.
    public var clientSecretHash: Data?
    /// Exact-match list.
    public var redirectURIs: [String]
    /// Where `/authorize` sends the user (the embedded authenticator's invoke URL).
    public var invokeURL: String
    public var allowedScopes: [String]
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, clientID: String, displayName: String,
        clientType: String, tokenEndpointAuthMethod: String, clientSecretHash: Data?,
        redirectURIs: [String], invokeURL: String, allowedScopes: [String], createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.clientID = clientID
        self.displayName = displayName
        self.clientType = clientType
        self.tokenEndpointAuthMethod = tokenEndpointAuthMethod
        self.clientSecretHash = clientSecretHash
        self.redirectURIs = redirectURIs
        self.invokeURL = invokeURL
        self.allowedScopes = allowedScopes
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// An identity (a user) of a realm.
public struct IdentityRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    /// Unique per realm.
    public var username: String
    public var email: String?
    public var displayName: String
    /// `active`, `suspended` or `deleted`.
    public var status: String
    public var createdAt: Date
    public var updatedAt: Date

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, username: String, email: String?,
        displayName: String, status: String, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.username = username
        self.email = email
        self.displayName = displayName
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// What decides whether a credential may be used: its own state and its identity's status.
public struct CredentialStanding: Sendable, Equatable {
    /// `active` or `revoked`.
    public var credentialState: String
    /// `active`, `suspended` or `deleted`.
    public var identityStatus: String

    /// Creates a standing.
    public init(credentialState: String, identityStatus: String) {
        self.credentialState = credentialState
        self.identityStatus = identityStatus
    }
}

/// A device-bound credential: a certificate the realm CA issued for a device key.
public struct CredentialRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    public var identityID: String
    /// `active` or `revoked`.
    public var state: String
    public var deviceName: String?
    /// The leaf certificate, DER.
    public var certificateDER: Data
    public var parentCredentialID: String?
    public var createdAt: Date
    public var lastUsedAt: Date?
    public var revokedAt: Date?

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, identityID: String, state: String, deviceName: String?,
        certificateDER: Data, parentCredentialID: String?, createdAt: Date, lastUsedAt: Date?, revokedAt: Date?
    ) {
        self.id = id
        self.tenantID = tenantID
        self.realmID = realmID
        self.identityID = identityID
        self.state = state
        self.deviceName = deviceName
        self.certificateDER = certificateDER
        self.parentCredentialID = parentCredentialID
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }
}

/// A credential binding job: an enrollment (registration or recovery) link for an identity.
public struct BindingJobRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    public var identityID: String
    /// `registration` or `recovery`.
    public var kind: String
    /// `email` or `return`.
    public var delivery: String
    /// SHA-256 of the single-use binding token; unique.
    public var tokenHash: Data
    public var postBindingRedirectURI: String?
    /// `pending` or `complete`. (Expiry is read from `expiresAt`.)
    public var status: String
    public var expiresAt: Date
    public var createdAt: Date
    public var completedAt: Date?
    /// The credential the job produced.
    public var credentialID: String?

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, identityID: String, kind: String, delivery: String,
        tokenHash: Data, postBindingRedirectURI: String?, status: String, expiresAt: Date, createdAt: Date,
        completedAt: Date?, credentialID: String?
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
    }
}

/// An authentication transaction: a validated `/authorize` request waiting for a device.
public struct AuthTransactionRecord: Sendable, Equatable {
    /// SHA-256 of the transaction reference; unique.
    public var referenceHash: Data
    public var applicationID: String
    public var realmID: String
    public var redirectURI: String
    public var scope: String
    public var state: String?
    public var nonce: String?
    public var codeChallenge: String?
    public var codeChallengeMethod: String?
    /// Random bytes the device signs, base64url.
    public var challenge: String
    public var expiresAt: Date
    public var createdAt: Date
    public var consumedAt: Date?

    /// Creates a record.
    public init(
        referenceHash: Data, applicationID: String, realmID: String, redirectURI: String, scope: String,
        state: String?, nonce: String?, codeChallenge: String?, codeChallengeMethod: String?, challenge: String,
        expiresAt: Date, createdAt: Date, consumedAt: Date?
    ) {
        self.referenceHash = referenceHash
        self.applicationID = applicationID
        self.realmID = realmID
        self.redirectURI = redirectURI
        self.scope = scope
        self.state = state
        self.nonce = nonce
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
        self.challenge = challenge
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.consumedAt = consumedAt
    }
}

/// An authorization code, bound to client, redirect URI, PKCE challenge and the authenticated identity.
public struct AuthorizationCodeRecord: Sendable, Equatable {
    /// SHA-256 of the code; unique.
    public var codeHash: Data
    public var applicationID: String
    public var realmID: String
    public var identityID: String
    public var credentialID: String
    public var redirectURI: String
    public var scope: String
    public var nonce: String?
    public var codeChallenge: String?
    public var codeChallengeMethod: String?
    public var authTime: Date
    public var expiresAt: Date
    public var createdAt: Date
    public var usedAt: Date?

    /// Creates a record.
    public init(
        codeHash: Data, applicationID: String, realmID: String, identityID: String, credentialID: String,
        redirectURI: String, scope: String, nonce: String?, codeChallenge: String?, codeChallengeMethod: String?,
        authTime: Date, expiresAt: Date, createdAt: Date, usedAt: Date?
    ) {
        self.codeHash = codeHash
        self.applicationID = applicationID
        self.realmID = realmID
        self.identityID = identityID
        self.credentialID = credentialID
        self.redirectURI = redirectURI
        self.scope = scope
        self.nonce = nonce
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
        self.authTime = authTime
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.usedAt = usedAt
    }
}

/// A token the server issued (by its `jti`), so it can be revoked when its code is replayed.
public struct IssuedTokenRecord: Sendable, Equatable {
    public var jti: String
    /// The code it was issued from.
    public var codeHash: Data
    public var expiresAt: Date
    public var revokedAt: Date?

    /// Creates a record.
    public init(jti: String, codeHash: Data, expiresAt: Date, revokedAt: Date?) {
        self.jti = jti
        self.codeHash = codeHash
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
    }
}

/// A token-signing key of a realm.
public struct SigningKeyRecord: Sendable, Equatable {
    /// Unique key id (the JWS `kid`).
    public var kid: String
    public var realmID: String
    /// The P-256 private key, sealed under the master key.
    public var sealedPrivateKey: Data
    public var createdAt: Date
    /// Set when the key no longer signs; it is still published until its tokens expire.
    public var retiredAt: Date?

    /// Creates a record.
    public init(kid: String, realmID: String, sealedPrivateKey: Data, createdAt: Date, retiredAt: Date?) {
        self.kid = kid
        self.realmID = realmID
        self.sealedPrivateKey = sealedPrivateKey
        self.createdAt = createdAt
        self.retiredAt = retiredAt
    }
}

/// An admin API token, stored only as its hash.
public struct AdminTokenRecord: Sendable, Equatable {
    /// SHA-256 of the token; unique.
    public var tokenHash: Data
    public var label: String
    public var createdAt: Date

    /// Creates a record.
    public init(tokenHash: Data, label: String, createdAt: Date) {
        self.tokenHash = tokenHash
        self.label = label
        self.createdAt = createdAt
    }
}

/// One entry of the append-only audit log.
public struct AuditEventRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var occurredAt: Date
    /// For example `credential.bound`, `authentication.succeeded`, `admin.tenant.created`.
    public var type: String
    public var tenantID: String?
    public var realmID: String?
    /// The resource the event is about (an identity, credential, application … id).
    public var subjectID: String?
    /// A small JSON object with details; never secrets.
    public var detailJSON: String

    /// Creates a record.
    public init(
        id: String, occurredAt: Date, type: String, tenantID: String?, realmID: String?, subjectID: String?,
        detailJSON: String
    ) {
        self.id = id
        self.occurredAt = occurredAt
        self.type = type
        self.tenantID = tenantID
        self.realmID = realmID
        self.subjectID = subjectID
        self.detailJSON = detailJSON
    }
}
