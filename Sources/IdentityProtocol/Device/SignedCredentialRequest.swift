import Foundation

/// A request a credential makes about itself, signed by its own key over a purpose-labelled
/// message with the credential id, the time and a random request id: revocation
/// (``SignedMessage/revocation(credentialID:issuedAt:requestID:)``) or opening an extension
/// session (``SignedMessage/extension(credentialID:issuedAt:requestID:)``). The server accepts
/// each request once.
public struct SignedCredentialRequest: Codable, Sendable, Equatable {
    public var credentialID: String
    /// Seconds since 1970; the server accepts a few minutes of clock skew.
    public var issuedAt: Int64
    /// 16 random bytes, base64url, covered by the signature; `nil` from clients before v2
    /// (the server then takes the signed message itself as the request's identity).
    public var requestID: String?
    /// DER-encoded ECDSA P-256 signature, base64url.
    public var signature: String

    /// Creates a request.
    public init(credentialID: String, issuedAt: Int64, requestID: String? = nil, signature: String) {
        self.credentialID = credentialID
        self.issuedAt = issuedAt
        self.requestID = requestID
        self.signature = signature
    }

    enum CodingKeys: String, CodingKey {
        case credentialID = "credential_id"
        case issuedAt = "issued_at"
        case requestID = "request_id"
        case signature
    }
}
