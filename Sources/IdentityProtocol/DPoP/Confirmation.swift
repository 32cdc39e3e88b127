/// The `cnf` claim or member of a DPoP-bound token (RFC 7800 §3.1, RFC 9449 §6): the
/// thumbprint of the key a proof must be signed with.
public struct Confirmation: Codable, Sendable, Hashable {
    /// The key's RFC 7638 SHA-256 thumbprint, base64url.
    public var jkt: String

    /// A confirmation of the key with thumbprint `jkt`.
    public init(jkt: String) {
        self.jkt = jkt
    }
}
