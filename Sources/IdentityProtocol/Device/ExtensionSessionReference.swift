import Foundation

/// Names a session and proves the caller's part in it (A's secret or B's claim secret).
public struct ExtensionSessionReference: Codable, Sendable, Equatable {
    public var sessionID: String
    public var secret: String

    /// Creates a reference.
    public init(sessionID: String, secret: String) {
        self.sessionID = sessionID
        self.secret = secret
    }

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case secret
    }
}
