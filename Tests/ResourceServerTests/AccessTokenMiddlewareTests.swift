import BeyondIdentityHummingbird
import BeyondIdentityResourceServer
import Crypto
import Foundation
import IdentityProtocol
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOFoundationEssentialsCompat
import Testing

/// ``AccessTokenMiddleware`` answers refusals as RFC 6750 §3 and RFC 9449 §7.1 say, and hands
/// the verified token to the route.
@Suite struct AccessTokenMiddlewareTests {
    struct Context: AccessTokenRequestContext {
        var coreContext: CoreRequestContextStorage
        var accessToken: VerifiedAccessToken?
        init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    }

    let issuer = FakeIssuer()

    private func app(requiring scope: String? = nil) -> some ApplicationProtocol {
        let router = Router(context: Context.self)
        router.add(middleware: AccessTokenMiddleware(
            verifier: AccessTokenVerifier(issuer: FakeIssuer.issuer, fetch: issuer.fetch), publicBaseURL: "https://api.example/",
            requiring: scope))
        router.get("orders") { _, context in try context.requireAccessToken().subject }
        return Application(router: router)
    }

    @Test func theRouteSeesTheVerifiedToken() async throws {
        let token = try issuer.token()
        try await app(requiring: "orders:read").test(.router) { client in
            let response = try await client.execute(uri: "/orders", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(response.status == .ok && String(buffer: response.body) == "user-1")
        }
    }

    @Test func refusalsCarryTheirChallenges() async throws {
        let expired = try issuer.token(["exp": Int(Date().timeIntervalSince1970) - 600])
        let token = try issuer.token()
        try await app(requiring: "orders:write").test(.router) { client in
            let none = try await client.execute(uri: "/orders", method: .get)
            #expect(none.status == .unauthorized)
            #expect(none.headers[values: .wwwAuthenticate] == [#"Bearer realm="api""#, #"DPoP algs="ES256""#])

            let old = try await client.execute(uri: "/orders", method: .get, headers: [.authorization: "Bearer \(expired)"])
            #expect(old.status == .unauthorized)
            #expect(old.headers[values: .wwwAuthenticate].first == #"Bearer error="invalid_token", error_description="the access token has expired""#)
            let body = try JSONSerialization.jsonObject(with: Data(buffer: old.body)) as? [String: String]
            #expect(body == ["error": "invalid_token", "error_description": "the access token has expired"])

            let narrow = try await client.execute(uri: "/orders", method: .get, headers: [.authorization: "Bearer \(token)"])
            #expect(narrow.status == .forbidden)
            #expect(narrow.headers[.wwwAuthenticate] == #"Bearer error="insufficient_scope", scope="orders:write""#)
        }
    }

    @Test func aBoundTokenIsRefusedWithADPoPChallenge() async throws {
        let key = P256.Signing.PrivateKey()
        let token = try issuer.token(["cnf": ["jkt": JWKThumbprint.of(key.publicKey)]])
        let proof = try await DPoPProofBuilder(publicKey: key.publicKey).proof(
            method: "GET", url: URL(string: "https://api.example/orders")!, accessToken: token, now: Date()) { try key.signature(for: $0) }
        try await app(requiring: "orders:write").test(.router) { client in
            let narrow = try await client.execute(
                uri: "/orders", method: .get, headers: [.authorization: "DPoP \(token)", HTTPField.Name("DPoP")!: proof])
            #expect(narrow.status == .forbidden)
            #expect(narrow.headers[.wwwAuthenticate] == #"DPoP error="insufficient_scope", scope="orders:write""#)
        }
    }
}
