import Foundation

/// The current code of a session: 9 digits, replaced after `expiresIn` seconds.
public struct ExtensionCode: Codable, Sendable, Equatable {
    public var code: String
    public var expiresIn: Int
    /// The session's version once this code was set (see ``ExtensionStatusRequest/afterVersion``).
    public var version: Int64

    /// Creates a code.
    public init(code: String, expiresIn: Int, version: Int64) {
        self.code = code
        self.expiresIn = expiresIn
        self.version = version
    }

    enum CodingKeys: String, CodingKey {
        case code
        case expiresIn = "expires_in"
        case version
    }
}
