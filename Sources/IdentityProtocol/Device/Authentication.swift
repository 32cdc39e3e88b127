public import Foundation

/// Asks for the challenge of an authentication transaction (the reference the invoke URL carries).
public struct AuthenticationChallengeRequest: Codable, Sendable, Equatable {
    /// The transaction reference from the invoke URL.
    public var transaction: String

    /// Creates a request.
    public init(transaction: String) { self.transaction = transaction }
}

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

/// The device's answer to an ``AuthenticationChallenge``: a signature by the credential's key
/// over ``SignedMessage/authentication(transaction:challenge:issuer:credentialID:)``.
public struct AuthenticationAssertion: Codable, Sendable, Equatable {
    public var transaction: String
    public var credentialID: String
    /// PEM certificates, leaf first.
    public var certificateChain: [String]
    /// DER-encoded ECDSA P-256 signature, base64url.
    public var signature: String

    /// Creates an assertion.
    public init(transaction: String, credentialID: String, certificateChain: [String], signature: String) {
        self.transaction = transaction
        self.credentialID = credentialID
        self.certificateChain = certificateChain
        self.signature = signature
    }

    enum CodingKeys: String, CodingKey {
        case transaction
        case credentialID = "credential_id"
        case certificateChain = "certificate_chain"
        case signature
    }
}

/// Where the device sends the user after a verified assertion.
public struct AuthenticationResult: Codable, Sendable, Equatable {
    /// The client's redirect URI with `code` and `state`.
    public var redirectURI: String
    /// An optional message for the user.
    public var message: String?

    /// Creates a result.
    public init(redirectURI: String, message: String? = nil) {
        self.redirectURI = redirectURI
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case redirectURI = "redirect_uri"
        case message
    }
}

/// A request a credential makes about itself, signed by its own key over a purpose-labelled
/// message with the credential id and the time: revocation
/// (``SignedMessage/revocation(credentialID:issuedAt:)``) or opening an extension session
/// (``SignedMessage/extension(credentialID:issuedAt:)``).
public struct SignedCredentialRequest: Codable, Sendable, Equatable {
    public var credentialID: String
    /// Seconds since 1970; the server accepts a few minutes of clock skew.
    public var issuedAt: Int64
    /// DER-encoded ECDSA P-256 signature, base64url.
    public var signature: String

    /// Creates a request.
    public init(credentialID: String, issuedAt: Int64, signature: String) {
        self.credentialID = credentialID
        self.issuedAt = issuedAt
        self.signature = signature
    }

    enum CodingKeys: String, CodingKey {
        case credentialID = "credential_id"
        case issuedAt = "issued_at"
        case signature
    }
}

/// Revokes the signing credential on the server.
public typealias RevokeCredentialRequest = SignedCredentialRequest

/// Which issuer serves a client: lets an SDK configured with a server URL and a client id
/// find the OpenID provider.
public struct ClientInfo: Codable, Sendable, Equatable {
    public var clientID: String
    public var issuer: String
    public var displayName: String

    /// Creates client information.
    public init(clientID: String, issuer: String, displayName: String) {
        self.clientID = clientID
        self.issuer = issuer
        self.displayName = displayName
    }

    enum CodingKeys: String, CodingKey {
        case clientID = "client_id"
        case issuer
        case displayName = "display_name"
    }
}
