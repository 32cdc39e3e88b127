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
    /// How the device says the key was used (RFC 8176 values, the SDK's own report; no
    /// attestation backs it yet): `hwk` for a key in secure hardware or `swk` for a software
    /// key, plus `user`, `face`, `fpt` or `pin` when the key store verified the user. `nil`
    /// (an older SDK) counts as `swk` alone.
    public var amr: [String]?

    /// Creates an assertion.
    public init(transaction: String, credentialID: String, certificateChain: [String], signature: String, amr: [String]? = nil) {
        self.transaction = transaction
        self.credentialID = credentialID
        self.certificateChain = certificateChain
        self.signature = signature
        self.amr = amr
    }

    enum CodingKeys: String, CodingKey {
        case transaction
        case credentialID = "credential_id"
        case certificateChain = "certificate_chain"
        case signature, amr
    }
}
