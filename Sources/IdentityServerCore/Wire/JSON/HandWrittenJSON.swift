import Foundation
package import IdentityProtocol

/// A response body sent often enough to write its JSON by hand (``JSONResponse`` picks this
/// form when the body's type has it): the members `JSONEncoder.identityWire` writes for its
/// `Codable` form, in the same sorted order, with the same values, which
/// ``HandWrittenJSONTests`` compares.
package protocol HandWrittenJSON: Encodable {
    /// Writes the body's members, keys in sorted order.
    func writeJSON(to object: inout JSONObjectWriter)
}

extension TokenEndpointResponse: HandWrittenJSON {
    package func writeJSON(to object: inout JSONObjectWriter) {
        object.add("access_token", accessToken)
        object.add("expires_in", Int64(expiresIn))
        object.add("id_token", idToken)
        object.add("refresh_token", refreshToken)
        object.add("scope", scope)
        object.add("token_type", tokenType)
    }
}

extension AuthenticationChallenge: HandWrittenJSON {
    package func writeJSON(to object: inout JSONObjectWriter) {
        object.add("application_display_name", applicationDisplayName)
        object.add("challenge", challenge)
        object.add("client_id", clientID)
        object.add("expires_at", iso8601: expiresAt)
        object.add("issuer", issuer)
        object.add("realm_id", realmID)
        object.add("tenant_id", tenantID)
        object.add("transaction", transaction)
    }
}

extension AuthenticationResult: HandWrittenJSON {
    package func writeJSON(to object: inout JSONObjectWriter) {
        object.add("message", message)
        object.add("redirect_uri", redirectURI)
    }
}
