import Foundation
package import IdentityServerCore
package import Logging

/// The mails the account page sends a person (an email change's links, notices of changes),
/// sent in the background through the server's mail transport; a failure is logged without the
/// message.
package struct AccountMail: Sendable {
    package let transport: any MailTransport
    /// The configured `From`, if any (else `no-reply@` the public host).
    package let from: String?
    package let baseURL: PublicBaseURL
    package let logger: Logger

    package init(transport: any MailTransport, from: String?, baseURL: PublicBaseURL, logger: Logger) {
        (self.transport, self.from, self.baseURL, self.logger) = (transport, from, baseURL, logger)
    }

    package func send(to address: String, subject: String, body: String) {
        let message = MailMessage(
            from: MailMessage.sender(configured: from, baseURL: baseURL.value), to: address,
            subject: subject.filter { !$0.isNewline }, body: body)
        transport.sendInBackground(message, logger: logger, failure: "account page mail not sent")
    }
}
