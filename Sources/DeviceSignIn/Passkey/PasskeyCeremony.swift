package import Foundation

/// One WebAuthn ceremony the server started: for which binding job, with which challenge, until
/// when. The browser holds it sealed (``PasskeyCeremonySeal``) and sends it back with the
/// credential, so starting one writes nothing.
package struct PasskeyCeremony: Codable, Sendable, Equatable {
    /// The binding job a registration is for.
    package let bindingJobID: String
    /// The random challenge, 32 bytes.
    package let challenge: Data
    package let expiresAt: Date

    package init(bindingJobID: String, challenge: Data, expiresAt: Date) {
        self.bindingJobID = bindingJobID
        self.challenge = challenge
        self.expiresAt = expiresAt
    }
}
