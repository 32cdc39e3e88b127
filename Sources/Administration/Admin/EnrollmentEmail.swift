package import Foundation
package import IdentityStorage
package import IdentityServerCore

/// The email that carries an enrollment link.
package enum EnrollmentEmail {
    /// The message to `email`, from `from` (default `no-reply@` and the base URL's host).
    package static func message(
        to email: String, from: String?, displayName: String, realm: String, kind: BindingJobRecord.Kind, link: String,
        expiresAt: Date, baseURL: String
    ) -> MailMessage {
        let purpose = kind == .recovery ? "recover sign-in" : "set up sign-in"
        let expiry = ISO8601DateFormatter().string(from: expiresAt)
        return MailMessage(
            from: MailMessage.sender(configured: from, baseURL: baseURL),
            to: email,
            subject: kind == .recovery ? "Recover sign-in for \(realm)" : "Set up sign-in for \(realm)",
            body: """
                Hello \(displayName),

                Open this link on your device to \(purpose) for \(realm). No password is needed:
                your device keeps a key that never leaves it.

                \(link)

                The link works once and expires at \(expiry). If you did not ask for it, ignore this email.
                """)
    }
}
