import BeyondIdentityResourceServer
import Crypto
import Foundation
import IdentityProtocol
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestProcessSupport

/// Every check of ``AccessTokenVerifier``, each refusal with its own error (issue 18).
@Suite struct AccessTokenVerifierTests {
    let issuer = FakeIssuer()
    static let url = "https://api.example/orders"

    func verifier(revocation: RevocationCheck? = nil) -> AccessTokenVerifier {
        AccessTokenVerifier(issuer: FakeIssuer.issuer, revocation: revocation, fetch: issuer.fetch)
    }

    func proof(
        _ key: P256.Signing.PrivateKey, token: String?, method: String = "GET", url: String = Self.url, at now: Date = Date()
    ) async throws -> String {
        try await DPoPProofBuilder(publicKey: key.publicKey).proof(
            method: method, url: URL(string: url)!, accessToken: token, now: now) { try key.signature(for: $0) }
    }

    @Test func aBearerTokenOfTheIssuerIsAccepted() async throws {
        let verified = try await verifier().verify(
            authorization: "Bearer \(try issuer.token())", dpop: [], method: "GET", url: Self.url)
        #expect(verified.subject == "user-1" && verified.clientID == "bic_app" && verified.keyThumbprint == nil)
        #expect(verified.has(scope: "orders:read") && !verified.has(scope: "orders:write"))
    }

    /// A malformed compact JWS is refused as what it is, whatever is wrong with it (issue 32).
    @Test func everyMalformedTokenIsRefusedAsInvalid() async throws {
        let verifier = verifier()
        for token in MalformedJWS.variants(of: try issuer.token()) {
            do {
                _ = try await verifier.verify(authorization: "Bearer \(token)", dpop: [], method: "GET", url: Self.url)
                Issue.record("accepted \(token)")
            } catch {
                guard case .invalidToken = error else {
                    Issue.record("\(token): \(error), not invalid_token")
                    continue
                }
            }
        }
    }

    @Test func eachWrongTokenIsRefusedWithItsReason() async throws {
        let verifier = verifier()
        let now = Int(Date().timeIntervalSince1970)
        let cases: [(String?, AccessTokenError)] = [
            (nil, .missing),
            ("Basic dXNlcjpwYXNz", .missing),
            ("Bearer not-a-jwt", .invalidToken("the access token is not a JWT")),
            ("Bearer \(try issuer.token(typ: "JWT"))", .invalidToken("the token is not an access token (typ at+jwt)")),
            ("Bearer \(try issuer.token(kid: "unknown"))", .invalidToken("the access token is signed by a key the issuer does not publish")),
            ("Bearer \(try issuer.token(signer: P256.Signing.PrivateKey()))", .invalidToken("the access token's signature does not verify")),
            ("Bearer \(try issuer.token(["iss": "https://evil.example"]))", .invalidToken("the access token is of another issuer")),
            ("Bearer \(try issuer.token(["aud": ["https://other.example"]]))", .invalidToken("the access token is for another audience")),
            ("Bearer \(try issuer.token(["exp": now - 60]))", .invalidToken("the access token has expired")),
            ("Bearer \(try issuer.token(["iat": now + 600]))", .invalidToken("the access token is issued in the future")),
        ]
        for (authorization, expected) in cases {
            await #expect(throws: expected, "\(authorization ?? "none")") {
                _ = try await verifier.verify(authorization: authorization, dpop: [], method: "GET", url: Self.url)
            }
        }
        // The payload altered after signing: the signed bytes changed, so the signature fails.
        let parts = try issuer.token().split(separator: ".").map(String.init)
        let altered = try JSONSerialization.data(withJSONObject: [
            "iss": FakeIssuer.issuer, "sub": "admin", "aud": [FakeIssuer.issuer], "exp": now + 600, "iat": now, "jti": "x",
            "client_id": "bic_app", "scope": "openid"])
        await #expect(throws: AccessTokenError.invalidToken("the access token's signature does not verify")) {
            _ = try await verifier.verify(
                authorization: "Bearer \(parts[0]).\(altered.base64URLEncodedString).\(parts[2])", dpop: [], method: "GET", url: Self.url)
        }
    }

    @Test func unknownKeyIDsDoNotMakeTheVerifierHammerTheIssuer() async throws {
        let verifier = verifier()
        for _ in 0..<5 {
            let token = try issuer.token(kid: "k-\(UUID())")
            await #expect(throws: AccessTokenError.invalidToken("the access token is signed by a key the issuer does not publish")) {
                _ = try await verifier.verify(authorization: "Bearer \(token)", dpop: [], method: "GET", url: Self.url)
            }
        }
        #expect(issuer.requests.withLock { $0.filter { $0.hasSuffix("/jwks") }.count } == 1)
    }

    @Test func aBoundTokenNeedsAFreshProofOfItsKeyForThisRequest() async throws {
        let verifier = verifier()
        let key = P256.Signing.PrivateKey()
        let token = try issuer.token(["cnf": ["jkt": JWKThumbprint.of(key.publicKey)]])
        let good = try await proof(key, token: token)
        let verified = try await verifier.verify(authorization: "DPoP \(token)", dpop: [good], method: "GET", url: Self.url + "?page=2")
        #expect(verified.keyThumbprint == JWKThumbprint.of(key.publicKey))

        let cases: [(String, [String], AccessTokenError)] = [
            ("Bearer \(token)", [], .invalidToken("the access token is DPoP-bound: send it as Authorization: DPoP with a proof")),
            ("DPoP \(token)", [], .invalidDPoPProof("a DPoP proof is required")),
            ("DPoP \(token)", [good], .invalidDPoPProof(DPoPProofError.replayed.description)),
            ("DPoP \(token)", [try await proof(key, token: token), try await proof(key, token: token)],
             .invalidDPoPProof("send one DPoP header, not 2")),
            ("DPoP \(token)", [try await proof(key, token: token, method: "POST")], .invalidDPoPProof(DPoPProofError.wrongMethod.description)),
            ("DPoP \(token)", [try await proof(key, token: token, url: "https://api.example/admin")],
             .invalidDPoPProof(DPoPProofError.wrongURL.description)),
            ("DPoP \(token)", [try await proof(key, token: token, at: Date() - 900)], .invalidDPoPProof(DPoPProofError.outsideWindow.description)),
            ("DPoP \(token)", [try await proof(key, token: "another token")], .invalidDPoPProof(DPoPProofError.wrongAccessTokenHash.description)),
            ("DPoP \(token)", [try await proof(P256.Signing.PrivateKey(), token: token)],
             .invalidToken("the DPoP proof is not of the key the access token is bound to")),
        ]
        for (authorization, proofs, expected) in cases {
            await #expect(throws: expected, "\(expected)") {
                _ = try await verifier.verify(authorization: authorization, dpop: proofs, method: "GET", url: Self.url)
            }
        }
        let bearer = try issuer.token()
        await #expect(throws: AccessTokenError.invalidToken("the access token is a bearer token: send it as Authorization: Bearer")) {
            _ = try await verifier.verify(authorization: "DPoP \(bearer)", dpop: [try await proof(key, token: bearer)], method: "GET", url: Self.url)
        }
    }

    @Test func withIntrospectionARevokedTokenEndsAtOnce() async throws {
        let verifier = verifier(revocation: .introspection(clientID: "bic_api", clientSecret: "s3cret:&"))
        let token = try issuer.token()
        _ = try await verifier.verify(authorization: "Bearer \(token)", dpop: [], method: "GET", url: Self.url)
        issuer.introspection.withLock { $0 = .success(false) }
        await #expect(throws: AccessTokenError.invalidToken("the access token has been revoked")) {
            _ = try await verifier.verify(authorization: "Bearer \(token)", dpop: [], method: "GET", url: Self.url)
        }
        issuer.introspection.withLock { $0 = .failure(.init(status: 500)) }
        await #expect(throws: AccessTokenError.issuerUnavailable("introspection answered 500")) {
            _ = try await verifier.verify(authorization: "Bearer \(token)", dpop: [], method: "GET", url: Self.url)
        }
    }
}

/// The verifier's options, and how it lives with the issuer's keys over time.
@Suite struct AccessTokenVerifierOptionTests {
    let issuer = FakeIssuer()
    static let url = "https://api.example/orders"

    @Test func anAPICanRefuseBearerTokensAndOtherApplications() async throws {
        let strict = AccessTokenVerifier(issuer: FakeIssuer.issuer, clientIDs: ["bic_app"], requiresDPoP: true, fetch: issuer.fetch)
        await #expect(throws: AccessTokenError.invalidToken("this API accepts DPoP-bound access tokens only")) {
            _ = try await strict.verify(authorization: "Bearer \(try issuer.token())", dpop: [], method: "GET", url: Self.url)
        }
        await #expect(throws: AccessTokenError.invalidToken("the access token was issued to an application this API does not serve")) {
            _ = try await strict.verify(
                authorization: "Bearer \(try issuer.token(["client_id": "bic_other"]))", dpop: [], method: "GET", url: Self.url)
        }
        let open = AccessTokenVerifier(issuer: FakeIssuer.issuer, fetch: issuer.fetch)
        let user = try await open.verify(
            authorization: "Bearer \(try issuer.token(["auth_time": 1_800_000_000]))", dpop: [], method: "GET", url: Self.url)
        #expect(!user.isClientToken)
        #expect(try await open.verify(authorization: "Bearer \(try issuer.token())", dpop: [], method: "GET", url: Self.url).isClientToken)
    }

    @Test func aWithdrawnKeyStopsWorkingOnceTheKeySetIsOld() async throws {
        let clock = Mutex(Date())
        let verifier = AccessTokenVerifier(issuer: FakeIssuer.issuer, fetch: issuer.fetch, now: { clock.withLock { $0 } })
        let token = try issuer.token()
        _ = try await verifier.verify(authorization: "Bearer \(token)", dpop: [], method: "GET", url: Self.url)
        issuer.publishes.withLock { $0 = false }
        clock.withLock { $0 += 60 }
        _ = try await verifier.verify(authorization: "Bearer \(try issuer.token())", dpop: [], method: "GET", url: Self.url)
        clock.withLock { $0 += 600 }
        await #expect(throws: AccessTokenError.invalidToken("the access token is signed by a key the issuer does not publish")) {
            _ = try await verifier.verify(authorization: "Bearer \(try issuer.token())", dpop: [], method: "GET", url: Self.url)
        }
    }

    @Test func anUnreachableIssuerIsA503WithoutItsDetails() async throws {
        let verifier = AccessTokenVerifier(issuer: FakeIssuer.issuer, fetch: { _ in throw URLError(.cannotConnectToHost) })
        let token = try issuer.token()
        let discovery = "\(FakeIssuer.issuer)/.well-known/openid-configuration"
        let error = await #expect(throws: AccessTokenError.issuerUnavailable("\(discovery): \(URLError(.cannotConnectToHost))")) {
            _ = try await verifier.verify(authorization: "Bearer \(token)", dpop: [], method: "GET", url: Self.url)
        }
        #expect(error?.status == 503 && error?.challenges.isEmpty == true)
        #expect(error?.clientDescription == "the token issuer cannot be reached; try again later")
    }
}
