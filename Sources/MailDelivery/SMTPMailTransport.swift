import Foundation
public import Logging
public import IdentityServerCore

/// Delivers mail through an SMTP relay (RFC 5321), one connection per message. A transient
/// failure (a 4yz reply, a dropped connection, a timeout) is tried again after 1 s and 2 s; a
/// permanent one (5yz) fails at once. The caller gets an ``SMTPError`` saying which.
public struct SMTPMailTransport: MailTransport {
    package let settings: MailSettings
    package let host: String
    package let logger: Logger
    /// Waits before the second and third attempts.
    package let backoff: [Duration]

    /// A transport for `settings` (whose `smtpHost` must be set).
    public init(settings: MailSettings, logger: Logger, backoff: [Duration] = [.seconds(1), .seconds(2)]) {
        self.settings = settings
        self.host = settings.smtpHost ?? "localhost"
        self.logger = logger
        self.backoff = backoff
    }

    public func send(_ message: MailMessage) async throws {
        try await MailRetry.deliver(backoff: backoff, logger: logger) {
            try await SMTPConversation.deliver(message, host: host, settings: settings)
        }
    }
}
