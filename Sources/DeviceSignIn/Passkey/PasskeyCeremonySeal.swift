package import Foundation
import IdentityProtocol
package import IdentityServerCore

/// Seals ``PasskeyCeremony`` values for the browser to hold (the master key's sealer, a purpose
/// of their own): they can be neither read, forged nor altered.
package struct PasskeyCeremonySeal: Sendable {
    private let sealer: SecretSealer
    private static let purpose = "passkey-ceremony-v1"
    /// Longer than any ceremony this server seals.
    private static let longest = 1_024

    package init(sealer: SecretSealer) { self.sealer = sealer }

    package func seal(_ ceremony: PasskeyCeremony) throws -> String {
        try sealer.seal(JSONEncoder().encode(ceremony), purpose: Self.purpose).base64URLEncodedString
    }

    /// The ceremony `text` carries, if this server sealed it and it has not lapsed at `now`.
    package func open(_ text: String, now: Date) -> PasskeyCeremony? {
        guard text.utf8.count <= Self.longest, let sealed = Data(base64URLEncoded: text),
              let opened = try? sealer.open(sealed, purpose: Self.purpose),
              let ceremony = try? JSONDecoder().decode(PasskeyCeremony.self, from: opened),
              ceremony.expiresAt > now
        else { return nil }
        return ceremony
    }
}
