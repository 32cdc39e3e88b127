import Foundation

/// Delivers email. The default writes to an outbox directory; a relay can be plugged in.
public protocol MailTransport: Sendable {
    /// Delivers one message or throws.
    func send(_ message: MailMessage) async throws
}
