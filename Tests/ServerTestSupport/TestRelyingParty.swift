import Foundation
package import IdentityProtocol
package import JWTKit
import Testing

/// A relying party written against the standards only: discovery, `/authorize` with PKCE,
/// the token endpoint, JWKS verification of the ID token.
package struct TestRelyingParty: Sendable {
    package let application: TestApplication
    package let server: any TestServer
    package var redirectURI = TestRealm.callback
    package let verifier = PKCES256.makeVerifier()
    package let state = "state-\(UUID().uuidString)"
    package let nonce = "nonce-\(UUID().uuidString)"

    package init(application: TestApplication, server: any TestServer) {
        self.application = application
        self.server = server
    }

    private var client: HTTPTestClient { server.client() }

    /// The provider metadata, found from the client id as the SDK finds it.
    package func metadata() async throws -> ProviderMetadata {
        let info = try await client.send("GET", DeviceAPI.client(application.clientID))
        #expect(info.json["issuer"] as? String == application.issuer)
        let document = try await client.send("GET", "\(application.issuer)/.well-known/openid-configuration")
        return try JSONDecoder().decode(ProviderMetadata.self, from: document.body)
    }

    /// `GET /authorize` with these parameters replaced or removed (`nil`).
    package func authorize(_ overrides: [String: String?] = [:]) async throws -> HTTPTestClient.Reply {
        try await client.send("GET", try authorizeURL(overrides))
    }

    /// The URL of `/authorize` with these parameters replaced or removed (`nil`).
    package func authorizeURL(_ overrides: [String: String?] = [:]) throws -> String {
        var parameters: [String: String] = [
            "response_type": "code", "client_id": application.clientID, "redirect_uri": redirectURI,
            "scope": "openid profile email", "state": state, "nonce": nonce,
            "code_challenge": PKCES256.challenge(for: verifier), "code_challenge_method": "S256",
        ]
        for (name, value) in overrides { parameters[name] = value }
        return "\(application.issuer)/authorize?\(HTTPTestClient.formEncode(parameters))"
    }

    /// The `code` of an authentication result, after checking `state`.
    package func code(from result: HTTPTestClient.Reply) throws -> String {
        let redirect = try #require(result.json["redirect_uri"] as? String)
        #expect(redirect.hasPrefix(redirectURI + "?"))
        #expect(HTTPTestClient.queryItem("state", in: redirect) == state)
        #expect(HTTPTestClient.queryItem("iss", in: redirect) == application.issuer)
        return try #require(HTTPTestClient.queryItem("code", in: redirect))
    }

    /// Exchanges a code; client authentication by the application's secret over HTTP Basic
    /// (confidential) or none (public), or `secret` in the body when `secretInBody`.
    package func exchange(
        _ code: String, verifier: String? = nil, redirectURI: String? = nil, secret: String? = nil,
        secretInBody: Bool = false, headers: [String: String] = [:]
    ) async throws -> HTTPTestClient.Reply {
        let form = ["grant_type": "authorization_code", "code": code, "redirect_uri": redirectURI ?? self.redirectURI,
                    "code_verifier": verifier ?? self.verifier]
        return try await post(ProviderPath.token, form, secret: secret, secretInBody: secretInBody, headers: headers)
    }

    /// POSTs `form` to an endpoint of the issuer (a ``ProviderPath``), authenticated as the token
    /// endpoint wants: the application's secret over HTTP Basic (confidential) or none (public),
    /// or `secret` in the body when `secretInBody`; `headers` are sent too.
    package func post(
        _ endpoint: String, _ form: [String: String], secret: String? = nil, secretInBody: Bool = false,
        headers: [String: String] = [:]
    ) async throws -> HTTPTestClient.Reply {
        var form = form
        var headers = headers
        if secretInBody {
            form["client_id"] = application.clientID
            form["client_secret"] = secret
        } else if let clientSecret = secret ?? application.clientSecret {
            let basic = "\(application.clientID):\(clientSecret)"
            headers["Authorization"] = "Basic \(Data(basic.utf8).base64EncodedString())"
        } else {
            form["client_id"] = application.clientID
        }
        return try await client.send("POST", application.issuer + endpoint, form: form, headers: headers)
    }

    /// Verifies an ID token against the published JWKS and checks iss, aud, azp, (unless
    /// another party made the request) this party's nonce, and (unless `nil`) `amr` with its
    /// `acr`: by default what a hand-made device that reports nothing gets, a software key
    /// (RFC 8176 `swk`) at `phr`.
    package func verifyIDToken(
        _ token: String, checkNonce: Bool = true, expectingAMR amr: (methods: [String], level: String)? = (["swk"], "phr")
    ) async throws -> IDClaims {
        let metadata = try await metadata()
        let jwks = try await client.send("GET", metadata.jwksURI)
        let keys = try await JWTKeyCollection().add(jwksJSON: String(decoding: jwks.body, as: UTF8.self))
        let claims = try await keys.verify(token, as: IDClaims.self)
        #expect(claims.iss.value == application.issuer)
        #expect(claims.aud.value == [application.clientID])
        #expect(claims.azp == application.clientID)
        if checkNonce { #expect(claims.nonce == nonce) }
        if let amr { #expect(claims.amr == amr.methods && claims.acr == amr.level) }
        return claims
    }

    /// The ID token claims a relying party reads.
    package struct IDClaims: JWTPayload {
        package let iss: IssuerClaim
        package let sub: SubjectClaim
        package let aud: AudienceClaim
        package let exp: ExpirationClaim
        package let iat: IssuedAtClaim
        package let auth_time: Int
        package let nonce: String?
        package let azp: String
        package let amr: [String]
        package let acr: String
        package let groups: [String]?

        package func verify(using _: some JWTAlgorithm) throws {
            try exp.verifyNotExpired()
        }
    }
}
