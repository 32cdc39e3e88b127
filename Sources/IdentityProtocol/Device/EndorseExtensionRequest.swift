import Foundation

/// A's endorsement of B: an ECDSA P-256 signature of the draft's `tbsCertificate`, with A's
/// own certificate chain (leaf first), which becomes the rest of B's chain.
public struct EndorseExtensionRequest: Codable, Sendable, Equatable {
    public var sessionID: String
    public var secret: String
    /// DER-encoded ECDSA P-256 signature, base64url.
    public var signature: String
    public var certificateChain: [String]

    /// Creates a request.
    public init(sessionID: String, secret: String, signature: String, certificateChain: [String]) {
        self.sessionID = sessionID
        self.secret = secret
        self.signature = signature
        self.certificateChain = certificateChain
    }

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case secret, signature
        case certificateChain = "certificate_chain"
    }
}
