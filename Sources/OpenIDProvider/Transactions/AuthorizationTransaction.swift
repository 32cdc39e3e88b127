import Foundation
import IdentityServerCore

/// A validated `/authorize` request waiting for a device to answer it: what the device's
/// assertion will be checked against and what the code it earns will be bound to. It travels
/// sealed in its own reference (``TransactionSeal``), so starting a sign-in writes nothing.
package struct AuthorizationTransaction: Codable, Equatable {
    package let applicationID: String
    package let realmID: String
    package let redirectURI: String
    /// The granted scopes, space-separated.
    package let scope: String
    package let state: String?
    package let nonce: String?
    package let codeChallenge: String?
    package let codeChallengeMethod: String?
    /// Random bytes the device signs, base64url.
    package let challenge: String
    /// When the transaction lapses, in whole seconds since 1970.
    package let expiresAt: Int64
    /// Whether a device on the other side of a cross-device sign-in answers it: then the code
    /// goes to the browser that started it, never to the device (`nil` on the same device).
    package var crossDevice: Bool? = nil
    /// The assurance levels the relying party accepts (`acr_values`, or `acr` in `claims`);
    /// `nil` for any.
    package var acrValues: [String]? = nil
    /// The `/authorize` request's span (a W3C `traceparent`), when the server traces: each later
    /// step of the sign-in (the device's answer, the approval from another device, the email
    /// code, the code's exchange) links its span to it, so the sign-in reads as one story.
    package var traceparent: String? = nil

    package enum CodingKeys: String, CodingKey {
        case applicationID = "a", realmID = "r", redirectURI = "u", scope = "s", state = "t", nonce = "n"
        case codeChallenge = "c", codeChallengeMethod = "m", challenge = "x", expiresAt = "e", crossDevice = "d", acrValues = "v", traceparent = "p"
    }
}
