public import Foundation

/// An email one-time code is on its way: where the sign-in continues. The result of
/// ``Embedded/authenticateOtp(url:email:)``, and of a wrong code (``RedeemOtpResponse/failedOtp(_:)``).
public struct OtpChallengeResponse: Sendable, Hashable {
    /// The sign-in's invoke URL with the code's challenge (`otp_challenge`): pass it to
    /// ``Embedded/redeemOtp(url:otp:)`` with the code the user types, or to
    /// ``Embedded/authenticateOtp(url:email:)`` to send a new code.
    public let url: URL
    /// Until when the code can be redeemed (not in the vendor's SDK).
    public let expiresAt: Date?
    /// How many wrong codes are still allowed (not in the vendor's SDK).
    public let attemptsLeft: Int?

    /// Creates a response.
    public init(url: URL, expiresAt: Date? = nil, attemptsLeft: Int? = nil) {
        self.url = url
        self.expiresAt = expiresAt
        self.attemptsLeft = attemptsLeft
    }
}
