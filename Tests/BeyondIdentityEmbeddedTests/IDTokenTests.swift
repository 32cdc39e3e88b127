@testable import BeyondIdentityEmbedded
import Foundation
import IdentityProtocol
import JWTKit
import Testing
import TestProcessSupport

@Suite struct IDTokenTests {
    let now = Date(timeIntervalSince1970: 1_900_000_000)

    @discardableResult
    func verify(_ token: String, server: FakeServer, nonce: String = "n1") async throws -> IDTokenClaims {
        let discovery = Discovery(
            api: APIClient(transport: server), domain: Domain(baseURL: URL(string: FakeServer.base)!), clientID: FakeServer.clientID)
        return try await IDTokenVerifier(provider: FakeServer.metadata, clientID: FakeServer.clientID, nonce: nonce, now: now)
            .verify(token, keys: discovery)
    }

    func claims() -> TestIDToken {
        TestIDToken(exp: now.addingTimeInterval(300), iat: now, nonce: "n1")
    }

    func expect(_ failure: IDTokenFailure, for claims: TestIDToken) async throws {
        let server = await FakeServer()
        let token = try await server.signIDToken(claims)
        await #expect(throws: BISDKError.invalidIDToken(failure)) { try await verify(token, server: server) }
    }

    @Test func acceptsAValidToken() async throws {
        let server = await FakeServer()
        let verified = try await verify(try await server.signIDToken(claims()), server: server)
        #expect(verified.sub.value == "i1" && verified.iss.value == FakeServer.issuer && verified.nonce == "n1")
        #expect(verified.aud.value == [FakeServer.clientID] && verified.exp.value == now.addingTimeInterval(300))
    }

    /// A malformed compact JWS is refused as malformed or as badly signed, never with another
    /// error (issue 32).
    @Test func rejectsEveryMalformedToken() async throws {
        let server = await FakeServer()
        for token in MalformedJWS.variants(of: try await server.signIDToken(claims())) {
            do {
                try await verify(token, server: server)
                Issue.record("accepted \(token)")
            } catch let error as BISDKError {
                #expect(error == .invalidIDToken(.malformed) || error == .invalidIDToken(.badSignature), "\(token): \(error)")
            }
        }
    }

    @Test func rejectsABadSignature() async throws {
        let server = await FakeServer()
        let token = try await server.signIDToken(claims())
        let forged = try await JWTKeyCollection().add(ecdsa: ES256PrivateKey(), kid: JWKIdentifier(string: server.tokenKID))
            .sign(claims(), kid: JWKIdentifier(string: server.tokenKID))
        let spliced = token.split(separator: ".").prefix(2).joined(separator: ".") + "." + forged.split(separator: ".")[2]
        await #expect(throws: BISDKError.invalidIDToken(.badSignature)) { try await verify(spliced, server: server) }
    }

    @Test func rejectsAnUnknownKeyIDAfterOneRefetch() async throws {
        let server = await FakeServer()
        let other = try await JWTKeyCollection().add(ecdsa: ES256PrivateKey(), kid: JWKIdentifier(string: "k9"))
            .sign(claims(), kid: JWKIdentifier(string: "k9"))
        let discovery = Discovery(
            api: APIClient(transport: server), domain: Domain(baseURL: URL(string: FakeServer.base)!), clientID: FakeServer.clientID)
        let verifier = IDTokenVerifier(provider: FakeServer.metadata, clientID: FakeServer.clientID, nonce: "n1", now: now)
        _ = try await verifier.verify(try await server.signIDToken(claims()), keys: discovery)
        await #expect(throws: BISDKError.invalidIDToken(.unknownKeyID("k9"))) { try await verifier.verify(other, keys: discovery) }
        // One fetch for the known key (then cached), one refetch for the unknown one.
        #expect(server.requests().filter { $0.hasSuffix("/jwks") }.count == 2)
    }

    @Test func rejectsATokenWithoutKeyID() async throws {
        let server = await FakeServer()
        let token = try await JWTKeyCollection().add(ecdsa: server.tokenKey).sign(claims())
        await #expect(throws: BISDKError.invalidIDToken(.unknownKeyID(nil))) { try await verify(token, server: server) }
    }

    @Test func rejectsWrongClaims() async throws {
        var wrongAudience = claims()
        wrongAudience.aud = ["other"]
        wrongAudience.azp = nil
        try await expect(.audienceMismatch(["other"]), for: wrongAudience)

        var wrongIssuer = claims()
        wrongIssuer.iss = "https://evil.example"
        try await expect(.issuerMismatch("https://evil.example"), for: wrongIssuer)

        var wrongParty = claims()
        wrongParty.azp = "other"
        try await expect(.authorizedPartyMismatch("other"), for: wrongParty)

        var extraAudience = claims()
        extraAudience.aud = [FakeServer.clientID, "other"]
        extraAudience.azp = nil
        try await expect(.authorizedPartyMismatch(nil), for: extraAudience)

        var wrongNonce = claims()
        wrongNonce.nonce = "n2"
        try await expect(.nonceMismatch, for: wrongNonce)

        var expired = claims()
        expired.exp = now.addingTimeInterval(-IDTokenVerifier.leeway - 1)
        try await expect(.expired, for: expired)

        var future = claims()
        future.iat = now.addingTimeInterval(IDTokenVerifier.leeway + 1)
        try await expect(.issuedInFuture, for: future)
    }

    @Test func allowsSmallClockSkew() async throws {
        var skewed = claims()
        skewed.exp = now.addingTimeInterval(-IDTokenVerifier.leeway + 5)
        skewed.iat = now.addingTimeInterval(IDTokenVerifier.leeway - 5)
        let server = await FakeServer()
        let verified = try await verify(try await server.signIDToken(skewed), server: server)
        #expect(verified.iat.value == skewed.iat && verified.exp.value == skewed.exp)
    }

    @Test func rejectsMalformedTokens() async throws {
        let server = await FakeServer()
        await #expect(throws: BISDKError.invalidIDToken(.malformed)) { try await verify("a.b", server: server) }
    }

    /// OpenID Connect Core §12.2: a refreshed ID token renews the same sign-in or is refused.
    @Test func aRefreshedTokenMustBeAboutTheSameSignIn() {
        let original = IDTokenClaims(
            iss: "https://id.example/r", sub: "idn_1", aud: AudienceClaim(value: ["app"]), exp: ExpirationClaim(value: now.addingTimeInterval(300)),
            iat: IssuedAtClaim(value: now), authTime: 1_899_999_000, nonce: "n1", azp: nil, amr: ["pop"], jti: nil, sid: nil)
        var renewed = original
        renewed.iat = IssuedAtClaim(value: now.addingTimeInterval(600))
        renewed.exp = ExpirationClaim(value: now.addingTimeInterval(900))
        renewed.nonce = nil
        #expect(renewed.isSameSignIn(as: original))
        for change in [
            { (c: inout IDTokenClaims) in c.sub = "idn_2" }, { $0.iss = "https://id.example/other" },
            { $0.aud = AudienceClaim(value: ["app", "other"]) }, { $0.authTime = 1_899_999_500 }, { $0.authTime = nil }, { $0.azp = "other" },
        ] {
            var changed = renewed
            change(&changed)
            #expect(!changed.isSameSignIn(as: original))
        }
    }
}
