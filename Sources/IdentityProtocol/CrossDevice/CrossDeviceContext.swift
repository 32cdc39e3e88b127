public import Foundation

/// What a device shows before the user approves a cross-device sign-in: the application,
/// when and where the browser started it, and the challenge to sign if the user agrees.
public struct CrossDeviceContext: Codable, Sendable, Equatable {
    /// The transaction and its challenge, signed as in every sign-in.
    public var challenge: AuthenticationChallenge
    /// The application's id (its `client_id` is in ``challenge``).
    public var applicationID: String
    /// The browser that started it.
    public var origin: CrossDeviceOrigin
    public var startedAt: Date
    public var state: CrossDeviceState

    /// Creates a context.
    public init(
        challenge: AuthenticationChallenge, applicationID: String, origin: CrossDeviceOrigin, startedAt: Date,
        state: CrossDeviceState
    ) {
        self.challenge = challenge
        self.applicationID = applicationID
        self.origin = origin
        self.startedAt = startedAt
        self.state = state
    }

    enum CodingKeys: String, CodingKey {
        case challenge
        case applicationID = "application_id"
        case origin
        case startedAt = "started_at"
        case state
    }
}
