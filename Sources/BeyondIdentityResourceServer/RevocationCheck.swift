import Foundation
import IdentityProtocol

/// How the verifier learns that a token it verified locally has since been revoked: a signed
/// token stays valid until it expires unless someone asks the issuer. With introspection
/// (RFC 7662), every request asks, so a revoked credential, a signed-out session or a deleted
/// user ends the token at once, for one round trip to the issuer.
public struct RevocationCheck: Sendable {
    let clientID: String
    let clientSecret: String

    /// Asks the issuer's introspection endpoint about every token, authenticated as the
    /// confidential client `clientID` with `clientSecret` (HTTP Basic).
    public static func introspection(clientID: String, clientSecret: String) -> RevocationCheck {
        RevocationCheck(clientID: clientID, clientSecret: clientSecret)
    }

    /// The `Authorization` of an introspection request (RFC 6749 §2.3.1: each part form-encoded).
    var basicAuthorization: String {
        "Basic " + Data("\(FormEncoding.escape(clientID)):\(FormEncoding.escape(clientSecret))".utf8).base64EncodedString()
    }
}
