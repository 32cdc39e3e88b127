public import Foundation

/// An application: an OAuth client with an embedded authenticator config.
public struct ApplicationRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    /// Globally unique.
    public var clientID: String
    public var displayName: String
    /// `confidential` or `public`.
    public var clientType: ClientType
    /// `client_secret_basic`, `client_secret_post` or `none`.
    public var tokenEndpointAuthMethod: TokenEndpointAuthMethod
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
        clientType: ClientType, tokenEndpointAuthMethod: TokenEndpointAuthMethod, clientSecretHash: Data?,
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
