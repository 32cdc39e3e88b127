import Foundation
import IdentityProtocol

/// A sign-in with a passkey on the hosted sign-in page, as a browser makes it: `/authorize`
/// (the page and its cookie), the options, the assertion (the client redirect with the code),
/// and the code exchange.
struct PasskeyLoginSteps {
    let connection: HTTPConnection
    let realm: BenchRealm

    /// The four requests in a row, from client address `address`; returns the access token.
    func login(_ passkey: BenchPasskey, from address: String) throws -> String {
        let verifier = PKCES256.makeVerifier()
        let query = FormEncoding.encode([
            ("response_type", "code"), ("client_id", realm.webClientID), ("redirect_uri", realm.redirectURI),
            ("scope", "openid"), ("state", PKCES256.makeVerifier()), ("nonce", PKCES256.makeVerifier()),
            ("code_challenge", PKCES256.challenge(for: verifier)), ("code_challenge_method", PKCES256.method),
        ])
        let started = try connection.send("GET", realm.issuerPath + "/authorize?" + query, headers: [("X-Forwarded-For", address)])
        try started.expect(303, what: "authorize (hosted page)")
        guard let page = started.headers["location"].flatMap(URLComponents.init(string:))?.path,
              let cookie = started.headers["set-cookie"]?.split(separator: ";").first.map(String.init)
        else { throw BenchError("authorize: no page or no cookie") }
        let headers = [("Cookie", cookie), ("Origin", realm.origin), ("X-Forwarded-For", address)]
        let options = try connection.postJSON(page + "/passkey/options", [String: String](), headers: headers)
            .decode(BenchPasskey.Options.self, what: "passkey options")
        let credential = try passkey.assertion(
            challenge: options.publicKey.challenge, rpID: options.publicKey.relyingPartyID, origin: realm.origin)
        let answer = try connection.postJSON(
            page + "/passkey", PasskeySignInRequest(ceremony: options.ceremony, credential: credential), headers: headers
        ).decode([String: String].self, what: "passkey sign-in")
        guard let code = answer["redirect"].flatMap(URLComponents.init(string:))?.queryItems?.first(where: { $0.name == "code" })?.value
        else { throw BenchError("passkey sign-in: no code in the redirect") }
        return try LoginSteps(connection: connection, realm: realm)
            .token(.init(code: code, verifier: verifier), clientID: realm.webClientID).accessToken
    }
}
