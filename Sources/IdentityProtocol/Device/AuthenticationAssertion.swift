import Foundation

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
