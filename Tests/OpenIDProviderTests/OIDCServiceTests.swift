import Crypto
import DeviceSignIn
import Foundation
import HTTPTypes
import IdentityProtocol
import Testing

@testable import IdentityServerCore
@testable import OpenIDProvider
import ServerTestSupport

/// The authorization and token endpoints' services without HTTP, on the fixture's clock.
@Suite struct OIDCServiceTests {
    private func parameters(_ seeded: SeededRealm, _ overrides: [String: String?] = [:]) throws -> FormParameters {
        var fields: [String: String] = [
            "response_type": "code", "client_id": seeded.clientID, "redirect_uri": "https://app.example/callback",
            "scope": "openid", "state": "s1", "nonce": "n1",
            "code_challenge": PKCES256.challenge(for: PKCES256.makeVerifier()), "code_challenge_method": "S256",
        ]
        for (name, value) in overrides { fields[name] = value }
        return try FormParameters(FormEncoding.encode(fields))
    }

    @Test func aPublicClientWithoutPKCEIsSentBackWithInvalidRequest() async throws {
        try await ServiceFixture.with { fixture in
            let seeded = try await fixture.seedRealm()
            let outcome = try await fixture.authorization().authorize(
                try parameters(seeded, ["code_challenge": nil, "code_challenge_method": nil]),
                tenantID: seeded.tenantID, realmID: seeded.realmID)
            guard case let .errorRedirect(url) = outcome else { throw Unexpected("\(outcome)") }
            let items = URLComponents(string: url)?.queryItems ?? []
            #expect(url.hasPrefix("https://app.example/callback?"))
            #expect(items.first { $0.name == "error" }?.value == "invalid_request")
            #expect(items.first { $0.name == "state" }?.value == "s1")
            #expect(items.first { $0.name == "iss" }?.value == fixture.baseURL.issuer(tenantID: seeded.tenantID, realmID: seeded.realmID))
        }
    }

    @Test func aValidRequestGoesToTheInvokeURLWithATransaction() async throws {
        try await ServiceFixture.with { fixture in
            let seeded = try await fixture.seedRealm()
            let outcome = try await fixture.authorization().authorize(
                try parameters(seeded), tenantID: seeded.tenantID, realmID: seeded.realmID)
            guard case let .invokeAuthenticator(url) = outcome else { throw Unexpected("\(outcome)") }
            let items = URLComponents(string: url)?.queryItems ?? []
            #expect(url.hasPrefix("https://app.example/invoke?"))
            #expect(items.first { $0.name == DeviceURLParameter.apiBaseURL }?.value == "http://bi.test")
            #expect(items.first { $0.name == DeviceURLParameter.transaction }?.value?.isEmpty == false)
        }
    }

    @Test func theTransactionTravelsSealedAndLapses() async throws {
        try await ServiceFixture.with { fixture in
            let seeded = try await fixture.seedRealm()
            let outcome = try await fixture.authorization().authorize(
                try parameters(seeded), tenantID: seeded.tenantID, realmID: seeded.realmID)
            guard case let .invokeAuthenticator(url) = outcome,
                  let reference = URLComponents(string: url)?.queryItems?.first(where: { $0.name == DeviceURLParameter.transaction })?.value
            else { throw Unexpected("\(outcome)") }
            let device = fixture.deviceAuthentication()
            let challenge = try await device.challenge(for: reference)
            #expect(challenge.clientID == seeded.clientID)
            #expect(challenge.realmID == seeded.realmID)
            #expect(challenge.issuer == fixture.baseURL.issuer(tenantID: seeded.tenantID, realmID: seeded.realmID))

            // A byte changed inside the sealed transaction, another server's seal, a lapsed one: unknown.
            var sealed = try #require(Data(base64URLEncoded: reference))
            sealed[sealed.count / 2] ^= 0x01
            let invalid = ServerError(APIErrorCode.invalidTransaction, "")
            await #expect(throws: invalid) { _ = try await device.challenge(for: sealed.base64URLEncodedString) }
            let elsewhere = TransactionSeal(masterKey: SymmetricKey(size: .bits256))
            #expect(elsewhere.open(reference, now: fixture.clock.now()) == nil)
            // Another spelling of the same sealed bytes (base64 padding) is the same transaction,
            // so single use holds. (Of three lengths in a row, at least two leave room for padding.)
            let spelled = try ["a", "ab", "abc"].map { state in
                try fixture.seal.seal(AuthorizationTransaction(
                    applicationID: "app", realmID: "rlm", redirectURI: "https://app.example/callback", scope: "openid",
                    state: state, nonce: nil, codeChallenge: nil, codeChallengeMethod: nil, challenge: "c",
                    expiresAt: Int64(fixture.clock.now().timeIntervalSince1970) + 60))
            }.first { $0.utf8.count % 4 != 0 }
            let unpadded = try #require(spelled)
            let padded = unpadded + String(repeating: "=", count: 4 - unpadded.utf8.count % 4)
            let opened = try #require(fixture.seal.open(unpadded, now: fixture.clock.now()))
            #expect(fixture.seal.open(padded, now: fixture.clock.now())?.id == opened.id)
            fixture.clock.advance(by: fixture.lifetimes.transaction + 1)
            await #expect(throws: invalid) { _ = try await device.challenge(for: reference) }
        }
    }

    @Test func theTokenEndpointRefusesUnknownGrantsAndCodes() async throws {
        try await ServiceFixture.with { fixture in
            let seeded = try await fixture.seedRealm()
            let tokens = fixture.tokens()
            await #expect(throws: ServerError(OAuthErrorCode.unsupportedGrantType, "")) {
                _ = try await tokens.exchange(
                    try FormParameters("grant_type=password&client_id=\(seeded.clientID)"), headers: [:], clientAddress: nil,
                    tenantID: seeded.tenantID, realmID: seeded.realmID)
            }
            await #expect(throws: ServerError(OAuthErrorCode.invalidGrant, "")) {
                _ = try await tokens.exchange(
                    try FormParameters(FormEncoding.encode([
                        "grant_type": "authorization_code", "code": "no-such-code", "client_id": seeded.clientID,
                        "redirect_uri": "https://app.example/callback", "code_verifier": PKCES256.makeVerifier(),
                    ])),
                    headers: [:], clientAddress: nil, tenantID: seeded.tenantID, realmID: seeded.realmID)
            }
        }
    }
}

/// A result a test did not expect.
struct Unexpected: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
