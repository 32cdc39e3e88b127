public import Foundation

/// A code challenge: where to continue (the invoke URL with the challenge), and until when.
public struct EmailCodeChallenge: Codable, Sendable, Equatable {
    /// The invoke URL of the sign-in with ``EmailCodeAPI/challengeParameter`` added: what the
    /// app passes on with the code the user types.
    public var url: String
    /// The challenge's id (also in ``url``).
    public var challenge: String
    public var expiresAt: Date
    /// Wrong codes still allowed.
    public var attemptsLeft: Int

    /// Creates a challenge.
    public init(url: String, challenge: String, expiresAt: Date, attemptsLeft: Int) {
        self.url = url
        self.challenge = challenge
        self.expiresAt = expiresAt
        self.attemptsLeft = attemptsLeft
    }

    enum CodingKeys: String, CodingKey {
        case url, challenge
        case expiresAt = "expires_at"
        case attemptsLeft = "attempts_left"
    }
}
