/// Why asking for an email one-time code, or redeeming one, failed. (A wrong code is not a
/// failure: ``RedeemOtpResponse/failedOtp(_:)`` gives the challenge to try again.)
public enum EmailCodeFailure: Sendable, Equatable, CustomStringConvertible {
    /// The challenge is unknown, used up by too many wrong codes, or already redeemed: ask for
    /// a new code.
    case invalidChallenge
    /// The code has expired (codes last 10 minutes): ask for a new one.
    case expired
    /// The application does not offer sign-in with email codes.
    case notOffered
    /// Too many codes asked for or tried (for this address, identity or network); try again
    /// after `retryAfter` seconds.
    case rateLimited(retryAfter: Int?)

    /// A short reason, for logs and ``BISDKError/errorDescription``.
    public var description: String {
        switch self {
        case .invalidChallenge: "the code can no longer be used (too many attempts, or already used); ask for a new code"
        case .expired: "the code has expired; ask for a new code"
        case .notOffered: "this application does not offer sign-in with an email code"
        case let .rateLimited(retryAfter): "too many codes; retry in \(retryAfter.map { "\($0) s" } ?? "a minute")"
        }
    }
}
