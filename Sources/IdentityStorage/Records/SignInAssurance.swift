/// What a sign-in proved, as its tokens say: the authentication methods (RFC 8176 `amr`) and
/// the assurance level (`acr`) they amount to. Stored with the code and the session it opens,
/// so refreshed ID tokens say the same.
public struct SignInAssurance: Sendable, Equatable {
    /// `hwk` or `swk` with `user`, `face`, `fpt` or `pin` for a device key; `otp` for an email code.
    public var methods: [String]
    /// `phrh`, `phr` or `otp` (docs/protocol.md: Assurance).
    public var level: String

    /// Creates an assurance.
    public init(methods: [String], level: String) {
        self.methods = methods
        self.level = level
    }

    /// What a sign-in stored before assurance was recorded counts as: a software device key.
    public static let unrecorded = SignInAssurance(methods: ["swk"], level: "phr")
}
