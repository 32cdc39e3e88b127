import Crypto
import Foundation
import HTTPTypes
import IdentityProtocol
import OpenIDProvider
import Testing
import IdentityServerCore
import ServerTestSupport

/// The whole check of a request's proof (RFC 9449 §4.3 point 1, §8, §11.1) and how each
/// endpoint answers a refusal.
@Suite struct DPoPCheckTests {
    static let url = "https://id.example/v1/tenants/t/realms/r/token"

    private func header(_ key: P256.Signing.PrivateKey, nonce: String?, now: Date) async throws -> String {
        try await DPoPProofBuilder(publicKey: key.publicKey).proof(
            method: "POST", url: URL(string: Self.url)!, nonce: nonce, now: now) { try key.signature(for: $0) }
    }

    @Test func oneProofWithACurrentNonceIsAcceptedOnce() async throws {
        try await ServiceFixture.with { fixture in
            let check = fixture.dpop
            let key = P256.Signing.PrivateKey()
            let nonce = try #require(check.nonceHeaders[.dpopNonce])
            let proof = try await header(key, nonce: nonce, now: fixture.clock.now())
            let accepted = try #require(try await check.proof([.dpop: proof], method: "POST", url: Self.url, at: .token))
            #expect(accepted.thumbprint == JWKThumbprint.of(key.publicKey))
            #expect(try await check.proof([:], method: "POST", url: Self.url, at: .token) == nil)

            // Checking writes nothing; spending does, once.
            #expect(try await check.proof([.dpop: proof], method: "POST", url: Self.url, at: .token) == accepted)
            try await check.spend(accepted, at: .token)
            let replayed = ServerError(OAuthErrorCode.invalidDPoPProof, "")
            await #expect(throws: replayed) { try await check.spend(accepted, at: .token) }
            var two = HTTPFields()
            two.append(HTTPField(name: .dpop, value: try await header(key, nonce: nonce, now: fixture.clock.now())))
            two.append(HTTPField(name: .dpop, value: try await header(key, nonce: nonce, now: fixture.clock.now())))
            await #expect(throws: replayed) { _ = try await check.proof(two, method: "POST", url: Self.url, at: .token) }

            // Without a nonce: at the token endpoint, use_dpop_nonce with a fresh one; at a resource, nonces are not required.
            let bare = try await header(key, nonce: nil, now: fixture.clock.now())
            do {
                _ = try await check.proof([.dpop: bare], method: "POST", url: Self.url, at: .token)
                Issue.record("a proof without a nonce was accepted at the token endpoint")
            } catch let error as ServerError {
                #expect(error == ServerError(OAuthErrorCode.useDPoPNonce, ""))
                #expect(error.headers[.dpopNonce] == nonce)
            }
            #expect(try await check.proof([.dpop: bare], method: "POST", url: Self.url, at: .resource) != nil)
        }
    }

    @Test func aResourceAnswersWithADPoPChallenge() async throws {
        try await ServiceFixture.with { fixture in
            let error = fixture.dpop.refusal(.invalidDPoPProof, #"say "why""#, at: .resource)
            #expect(error.status == .unauthorized)
            #expect(error.headers[.wwwAuthenticate] == #"DPoP error="invalid_dpop_proof", error_description="say \"why\"", algs="ES256""#)
        }
    }
}
