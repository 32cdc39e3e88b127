/// What redeeming a code led to: the sign-in's redirect, or a wrong code and the challenge to try again.
public struct EmailCodeOutcome: Codable, Sendable, Equatable {
    /// `succeeded` or `failed`.
    public var outcome: Outcome
    /// On success: the client's redirect URI with `code` and `state`.
    public var redirectURI: String?
    /// On success, when asked and allowed: a single-use token that binds a new credential for
    /// the identity (``DeviceAPI/enrollmentLink`` with it is an enrollment link).
    public var passkeyBindingToken: String?
    /// On a wrong code: the challenge to try again with.
    public var challenge: EmailCodeChallenge?

    /// Creates an outcome.
    public init(outcome: Outcome, redirectURI: String? = nil, passkeyBindingToken: String? = nil, challenge: EmailCodeChallenge? = nil) {
        self.outcome = outcome
        self.redirectURI = redirectURI
        self.passkeyBindingToken = passkeyBindingToken
        self.challenge = challenge
    }

    /// Whether the code was right.
    public struct Outcome: OpenWireValue {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The code was right: the sign-in is complete.
        public static let succeeded = Self(rawValue: "succeeded")
        /// The code was wrong: try again with ``EmailCodeOutcome/challenge``.
        public static let failed = Self(rawValue: "failed")
    }

    enum CodingKeys: String, CodingKey {
        case outcome
        case redirectURI = "redirect_uri"
        case passkeyBindingToken = "passkey_binding_token"
        case challenge
    }
}
