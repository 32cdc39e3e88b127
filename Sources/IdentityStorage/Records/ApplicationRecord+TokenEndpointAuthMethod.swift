extension ApplicationRecord {
    /// How a client authenticates at the token endpoint (OpenID Connect Core §9,
    /// RFC 7591 §2); stored as its raw value.
    public enum TokenEndpointAuthMethod: String, Sendable, CaseIterable {
        /// HTTP Basic with the client id and secret (RFC 6749 §2.3.1).
        case clientSecretBasic = "client_secret_basic"
        /// `client_id` and `client_secret` in the form body (RFC 6749 §2.3.1).
        case clientSecretPost = "client_secret_post"
        /// No client authentication: a public client.
        case none
    }
}
