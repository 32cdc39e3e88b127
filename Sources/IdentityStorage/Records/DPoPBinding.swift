/// The key a session's tokens are bound to (RFC 9449): its RFC 7638 thumbprint, and whether it
/// is the very key of the credential that signed in.
public struct DPoPBinding: Sendable, Equatable {
    /// Which key proved possession; stored as its raw value.
    public enum Key: String, Sendable, CaseIterable {
        /// The credential's own device-bound key: the tokens are bound to the credential.
        case credential
        /// A key of the client's choosing.
        case client
    }

    /// The key's thumbprint, the tokens' `cnf.jkt`.
    public var thumbprint: String
    /// Whose key it is.
    public var key: Key

    /// A binding.
    public init(thumbprint: String, key: Key) {
        self.thumbprint = thumbprint
        self.key = key
    }
}
