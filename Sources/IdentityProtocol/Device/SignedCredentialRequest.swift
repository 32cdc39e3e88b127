import Foundation

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
