/// What redeeming an email one-time code led to (``Embedded/redeemOtp(url:otp:)``).
public enum RedeemOtpResponse: Sendable, Hashable {
    /// The code was right: the sign-in is complete. Send the user to the response's
    /// ``AuthenticateResponse/redirectUrl``; its ``AuthenticateResponse/passkeyBindingToken``,
    /// if any, sets up a passkey on this device.
    case success(AuthenticateResponse)
    /// The code was wrong: ask again and redeem with this response's ``OtpChallengeResponse/url``.
    case failedOtp(OtpChallengeResponse)
}
