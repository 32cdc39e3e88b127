import Foundation

/// Asks for the current state of credentials, by id.
public struct CredentialStatusRequest: Codable, Sendable, Equatable {
    public var credentialIDs: [String]

    /// Creates a request.
    public init(credentialIDs: [String]) { self.credentialIDs = credentialIDs }

    enum CodingKeys: String, CodingKey {
        case credentialIDs = "credential_ids"
    }
}
