package import Foundation

/// One WebAuthn ceremony the server started: what for (a binding job's registration, or a
/// hosted sign-in's assertion), with which challenge, until when. The browser holds it sealed
/// (``PasskeyCeremonySeal``) and sends it back with the credential, so starting one writes nothing.
package struct PasskeyCeremony: Codable, Sendable, Equatable {
    package enum Purpose: String, Codable, Sendable {
        case registration
        case signIn = "sign_in"
        /// A sign-in to a realm's account page (its subject is the realm).
        case account
        /// A passkey added on the account page (its subject is the page's session).
        case accountRegistration = "account_registration"
    }

    package let purpose: Purpose
    /// The binding job a registration is for, or the sign-in an assertion is for.
    package let subject: String
    /// The random challenge, 32 bytes.
    package let challenge: Data
    package let expiresAt: Date

    package init(_ purpose: Purpose, of subject: String, challenge: Data, expiresAt: Date) {
        (self.purpose, self.subject, self.challenge, self.expiresAt) = (purpose, subject, challenge, expiresAt)
    }

    /// Whether it is the one started for `purpose` of `subject`.
    package func isFor(_ purpose: Purpose, of subject: String) -> Bool {
        self.purpose == purpose && self.subject == subject
    }
}
