import Foundation

/// Long-polls a session: the server answers when its version passes `afterVersion`, or after
/// `wait` seconds (at most ``ExtensionStatusRequest/maximumWait``).
public struct ExtensionStatusRequest: Codable, Sendable, Equatable {
    public var sessionID: String
    public var secret: String
    public var afterVersion: Int64?
    public var wait: Int?

    /// The longest wait the server grants.
    public static let maximumWait = 25

    /// Creates a request.
    public init(sessionID: String, secret: String, afterVersion: Int64? = nil, wait: Int? = nil) {
        self.sessionID = sessionID
        self.secret = secret
        self.afterVersion = afterVersion
        self.wait = wait
    }

    enum CodingKeys: String, CodingKey {
        case sessionID = "session_id"
        case secret
        case afterVersion = "after_version"
        case wait
    }
}
