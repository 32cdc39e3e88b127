import Crypto
import Foundation
import IdentityProtocol

/// The four requests of a sign-in by a public client with PKCE, as the SDK makes them: each
/// step takes what the one before returned, so each can also be measured alone.
struct LoginSteps {
    let connection: HTTPConnection
    let realm: BenchRealm

    /// A started sign-in: the transaction `/authorize` created, and the PKCE verifier.
    struct Started: Sendable {
        let transaction: String
        let verifier: String
    }

    /// A sign-in whose challenge the device has fetched.
    struct Challenged: Sendable {
        let started: Started
        let challenge: AuthenticationChallenge
    }

    /// A sign-in the device has answered: the authorization code to redeem.
    struct Answered: Sendable {
        let code: String
        let verifier: String
    }

    /// The four steps in a row; returns the access token.
    func login(_ device: BenchDevice) throws -> String {
        try token(try authenticate(try challenge(try authorize()), device: device)).accessToken
    }

    /// `GET /authorize`: the server redirects to the invoke URL with a transaction.
    func authorize() throws -> Started {
        let verifier = PKCES256.makeVerifier()
        let query = FormEncoding.encode([
            ("response_type", "code"), ("client_id", realm.clientID), ("redirect_uri", realm.redirectURI),
            ("scope", "openid"), ("state", PKCES256.makeVerifier()), ("nonce", PKCES256.makeVerifier()),
            ("code_challenge", PKCES256.challenge(for: verifier)), ("code_challenge_method", PKCES256.method),
        ])
        let reply = try connection.send("GET", realm.issuerPath + "/authorize?" + query)
        try reply.expect(302, what: "authorize")
        guard let location = reply.headers["location"].flatMap(URLComponents.init(string:)),
              let transaction = location.queryItems?.first(where: { $0.name == DeviceURLParameter.transaction })?.value
        else { throw BenchError("authorize: no transaction in the redirect") }
        return Started(transaction: transaction, verifier: verifier)
    }

    /// The device fetches the transaction's challenge.
    func challenge(_ started: Started) throws -> Challenged {
        let challenge = try connection.postJSON(
            DeviceAPI.authenticationChallenge, AuthenticationChallengeRequest(transaction: started.transaction)
        ).decode(AuthenticationChallenge.self, what: "challenge")
        return Challenged(started: started, challenge: challenge)
    }

    /// The device signs the challenge; the server answers with the client redirect and its code.
    func authenticate(_ challenged: Challenged, device: BenchDevice) throws -> Answered {
        let challenge = challenged.challenge
        let message = SignedMessage.authentication(
            transaction: challenge.transaction, challenge: challenge.challenge, issuer: challenge.issuer,
            credentialID: device.credentialID)
        let signature = try device.sign(message)
        let result = try connection.postJSON(
            DeviceAPI.authenticate,
            AuthenticationAssertion(
                transaction: challenge.transaction, credentialID: device.credentialID,
                certificateChain: device.certificateChain, signature: signature)
        ).decode(AuthenticationResult.self, what: "authenticate")
        guard let code = URLComponents(string: result.redirectURI)?.queryItems?.first(where: { $0.name == "code" })?.value else {
            throw BenchError("authenticate: no code in the redirect")
        }
        return Answered(code: code, verifier: challenged.started.verifier)
    }

    /// The code exchange at the token endpoint (by the realm's app unless `clientID` says); with
    /// `dpop`, the tokens are bound to its key.
    func token(_ answered: Answered, clientID: String? = nil, dpop: BenchDPoPAccess? = nil) throws -> TokenEndpointResponse {
        let form = FormEncoding.encode([
            ("grant_type", "authorization_code"), ("code", answered.code), ("redirect_uri", realm.redirectURI),
            ("client_id", clientID ?? realm.clientID), ("code_verifier", answered.verifier),
        ])
        var headers = [("Content-Type", "application/x-www-form-urlencoded")]
        if let dpop { headers.append(("DPoP", try dpop.key.proof("POST", "token", of: realm, nonce: dpop.nonce))) }
        return try connection.send("POST", realm.issuerPath + "/token", headers: headers, body: Array(form.utf8))
            .decode(TokenEndpointResponse.self, what: "token")
    }

    /// The server's DPoP nonce (RFC 9449 §8): a token request whose proof carries none is
    /// refused with `use_dpop_nonce` and the nonce to use.
    func dpopNonce(for key: BenchDPoPKey) throws -> String {
        let reply = try connection.send(
            "POST", realm.issuerPath + "/token",
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("DPoP", try key.proof("POST", "token", of: realm))],
            body: Array(FormEncoding.encode([("grant_type", "authorization_code"), ("client_id", realm.clientID)]).utf8))
        try reply.expect(400, what: "DPoP nonce")
        guard let nonce = reply.headers["dpop-nonce"] else { throw BenchError("DPoP nonce: the refusal has no DPoP-Nonce") }
        return nonce
    }
}
