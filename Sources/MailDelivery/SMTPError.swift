public import IdentityServerCore

/// A delivery that failed: what the server answered (or that it did not), and whether trying
/// again later may succeed (RFC 5321 §4.2.1: 4yz replies are transient, 5yz permanent).
public struct SMTPError: MailDeliveryFailure, Sendable, Equatable {
    /// The reply code, or `nil` when the connection failed or timed out.
    public let code: Int?
    /// What happened, for the log and the admin's error.
    public let detail: String
    /// Whether a later attempt may succeed.
    public let isTransient: Bool

    /// A failure the server answered with `code`: transient for 4yz, permanent otherwise.
    package init(code: Int, _ detail: String) {
        (self.code, self.detail, isTransient) = (code, detail, (400..<500).contains(code))
    }

    /// A failure without a reply: a connection refused, dropped or silent is `transient`; a
    /// server without what the settings require (STARTTLS, AUTH) is not.
    package init(_ detail: String, transient: Bool) {
        (code, self.detail, isTransient) = (nil, detail, transient)
    }

    public var description: String { code.map { "\($0) \(detail)" } ?? detail }
}
