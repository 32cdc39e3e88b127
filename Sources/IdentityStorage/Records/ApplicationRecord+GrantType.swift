extension ApplicationRecord {
    /// An OAuth grant type (RFC 6749 §4, §6) an application may use; stored as its raw value.
    public enum GrantType: String, Sendable, CaseIterable, Codable {
        /// Sign-in through `/authorize` and the embedded authenticator.
        case authorizationCode = "authorization_code"
        /// Renewing a sign-in with a refresh token; also what makes the token endpoint issue one.
        case refreshToken = "refresh_token"
        /// A confidential client acting for itself (RFC 6749 §4.4).
        case clientCredentials = "client_credentials"
    }
}
