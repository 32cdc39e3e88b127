import Foundation

/// Creates a provisioning token for a realm: `label` required; `expires_in` (seconds) makes it
/// expire.
public struct ProvisioningTokenInput: Codable, Sendable, Equatable {
    public var label: String?
    public var expiresIn: Int?

    /// Creates an input.
    public init(label: String? = nil, expiresIn: Int? = nil) {
        self.label = label
        self.expiresIn = expiresIn
    }

    enum CodingKeys: String, CodingKey {
        case label
        case expiresIn = "expires_in"
    }
}
