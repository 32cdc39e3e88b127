import Foundation

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
