extension ApplicationRecord {
    /// An OAuth client type (RFC 6749 §2.1); stored as its raw value.
    public enum ClientType: String, Sendable, CaseIterable {
        /// Can keep a secret (a backend): authenticates at the token endpoint.
        case confidential
        /// Cannot (an app on a device): uses PKCE instead.
        case `public`
    }
}
