import Foundation
import IdentityProtocol
import IdentityServerCore
import WebAuthn

/// The answer of a hosted sign-in's passkey options: the options for the browser, and the
/// sealed ceremony to send back with its assertion.
package struct PasskeySignInOptions: Encodable, Sendable {
    let ceremony: String
    let publicKey: PasskeyRequestOptions

    /// The options of a new ceremony for `purpose` of `subject`, with `party`'s rules, sealed
    /// for the browser to send back; nothing is written.
    static func start(
        _ purpose: PasskeyCeremony.Purpose, of subject: String, party: RelyingParty, settings: PasskeySettings, seal: PasskeyCeremonySeal,
        now: Date
    ) throws -> PasskeySignInOptions {
        let challenge = Secrets.randomBytes(32)
        let ceremony = PasskeyCeremony(purpose, of: subject, challenge: challenge, expiresAt: now.addingTimeInterval(settings.ceremonyLifetime))
        return PasskeySignInOptions(
            ceremony: try seal.seal(ceremony),
            publicKey: PasskeyRequestOptions(
                challenge: challenge.base64URLEncodedString, rpId: party.id, timeout: Int(settings.ceremonyLifetime * 1000),
                userVerification: party.userVerification.rawValue))
    }

    enum CodingKeys: String, CodingKey {
        case ceremony
        case publicKey = "public_key"
    }
}
