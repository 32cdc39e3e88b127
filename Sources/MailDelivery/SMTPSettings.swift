public import Foundation
package import Logging
package import IdentityServerCore

/// How enrollment email reaches its recipients: through an SMTP relay when `smtpHost` is set,
/// through a `sendmail` command when `sendmailPath` is, else into the outbox directory.
public struct MailSettings: Sendable {
    /// The `From` address; default `no-reply@` and the public base URL's host.
    public var from: String?
    /// The SMTP relay; `nil` writes to the outbox.
    public var smtpHost: String?
    /// Its port: 587 (submission, STARTTLS), 465 (implicit TLS) or 25.
    public var smtpPort = 587
    /// How the connection is protected.
    public var smtpSecurity = SMTPSecurity.startTLS
    /// The user to authenticate as (AUTH PLAIN, over TLS only); `nil` sends without AUTH.
    public var smtpUsername: String?
    /// Its password.
    public var smtpPassword: String?
    /// A PEM file of the certificates to trust for the relay's TLS; `nil` uses the system's.
    public var smtpTrustedCertificates: String?
    /// How long each step of a delivery may take (connect, each reply).
    public var smtpTimeout: Duration = .seconds(15)
    /// A `sendmail`-compatible command (absolute path) to deliver through instead of SMTP.
    public var sendmailPath: String?
    /// The waits before each retry of an enrollment mail that failed transiently, in order (the
    /// first attempt is at once; each wait is spread by ±20 %): it is given up once they are spent.
    public var retryDelays: [TimeInterval] = [5, 60, 300, 1800, 7200, 18_000, 36_000]

    /// The defaults: the outbox.
    public init() {}

    /// The transport these settings choose: SMTP, `sendmail`, or else `outbox`. A transient
    /// failure is tried again after each wait of `backoff` (the mail queue, which retries on its
    /// own schedule, passes none).
    package func transport(
        logger: Logger, outbox: OutboxMailTransport, backoff: [Duration] = [.seconds(1), .seconds(2)]
    ) -> any MailTransport {
        if smtpHost != nil { return SMTPMailTransport(settings: self, logger: logger, backoff: backoff) }
        if let sendmailPath { return SendmailMailTransport(path: sendmailPath, logger: logger, backoff: backoff) }
        return outbox
    }
}

/// How an SMTP connection is protected.
public enum SMTPSecurity: String, Sendable, CaseIterable {
    /// STARTTLS (RFC 3207) is required: a server that does not offer it is refused.
    case startTLS = "starttls"
    /// TLS from the first byte (RFC 8314, port 465).
    case tls
    /// No TLS (a relay on the same host or network only).
    case none
}

extension MailSettings {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<MailSettings>] = [
        Setting("mail.from", \.from, .optionalMailAddress, help: "From address of enrollment emails; default no-reply@ the public host."),
        Setting(
            "mail.smtp.host", \.smtpHost, .optionalText,
            help: "SMTP relay for enrollment emails; default: none, emails go to the outbox directory."),
        Setting("mail.smtp.port", \.smtpPort, .integer(1...65_535), help: "The relay's port: 587 (STARTTLS), 465 (TLS) or 25."),
        Setting(
            "mail.smtp.security", \.smtpSecurity, .smtpSecurity,
            help: "starttls (required, not opportunistic), tls (from the first byte), or none (a local relay only)."),
        Setting("mail.smtp.username", \.smtpUsername, .optionalText, help: "User for AUTH PLAIN; default: no AUTH."),
        Setting("mail.smtp.password", \.smtpPassword, .optionalText, secret: true, help: "Its password."),
        Setting(
            "mail.smtp.trusted_certificates", \.smtpTrustedCertificates, .optionalText,
            help: "PEM file of the certificates to trust for the relay's TLS; default: the system's."),
        Setting("mail.smtp.timeout", \.smtpTimeout, .duration(1...600), help: "How long each step of a delivery may take."),
        Setting(
            "mail.sendmail.path", \.sendmailPath, .optionalExecutable,
            help: "A sendmail-compatible command to deliver through instead of SMTP (run as: PATH -i -f FROM -- TO)."),
        Setting(
            "mail.retry_delays", \.retryDelays, .durations(1...86_400),
            help: "The waits before each retry of an enrollment mail the relay did not take (±20 % jitter); given up once spent."),
    ]
}
