/// Paths of email one-time codes, relative to the server's API base URL: a device without a
/// credential (a lost or new phone) signs in to a pending sign-in with a code mailed to the
/// identity's address, and may then bind a new credential.
public enum EmailCodeAPI {
    /// `POST` ``EmailCodeRequest`` → ``EmailCodeChallenge`` (the same answer whether or not
    /// the address belongs to anyone; rate-limited per address, identity and network).
    public static let begin = "/v1/device/email-codes"
    /// `POST` ``EmailCodeRedemption`` → ``EmailCodeOutcome``.
    public static let redeem = "/v1/device/email-codes/redeem"
    /// The query parameter a continuation URL carries the challenge in.
    public static let challengeParameter = "otp_challenge"
}
