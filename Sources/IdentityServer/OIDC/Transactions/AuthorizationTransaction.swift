import Foundation
import IdentityServerCore

/// A validated `/authorize` request waiting for a device to answer it: what the device's
/// assertion will be checked against and what the code it earns will be bound to. It travels
/// sealed in its own reference (``TransactionSeal``), so starting a sign-in writes nothing.
struct AuthorizationTransaction: Codable, Equatable {
    let applicationID: String
    let realmID: String
    let redirectURI: String
    /// The granted scopes, space-separated.
    let scope: String
    let state: String?
    let nonce: String?
    let codeChallenge: String?
    let codeChallengeMethod: String?
    /// Random bytes the device signs, base64url.
    let challenge: String
    /// When the transaction lapses, in whole seconds since 1970.
    let expiresAt: Int64
    /// Whether a device on the other side of a cross-device sign-in answers it: then the code
    /// goes to the browser that started it, never to the device (`nil` on the same device).
    var crossDevice: Bool? = nil
    /// The assurance levels the relying party accepts (`acr_values`, or `acr` in `claims`);
    /// `nil` for any.
    var acrValues: [String]? = nil

    enum CodingKeys: String, CodingKey {
        case applicationID = "a", realmID = "r", redirectURI = "u", scope = "s", state = "t", nonce = "n"
        case codeChallenge = "c", codeChallengeMethod = "m", challenge = "x", expiresAt = "e", crossDevice = "d", acrValues = "v"
    }
}
