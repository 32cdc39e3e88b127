extension PKCE {
    /// The `code_challenge` and `code_challenge_method` of an authorization request (RFC 7636 §4.3).
    public struct CodeChallenge: Sendable, Hashable {
        /// The challenge (`code_challenge`).
        public var challenge: String
        /// The method (`code_challenge_method`), `S256`.
        public var method: String

        /// Wraps a challenge you made yourself.
        public init(challenge: String, method: String) {
            self.challenge = challenge
            self.method = method
        }
    }
}
