import Crypto
import Foundation
import IdentityProtocol
import IdentityStorage
import JWTKit
import Synchronization
import Testing
import X509

import IdentityServerCore
import RealmKeys

@Suite struct RealmSignerTests {
    struct Claims: JWTPayload, Equatable {
        let sub: SubjectClaim
        func verify(using _: some JWTAlgorithm) throws {}
    }

    @Test func signsWithTheActiveKeyAndPublishesEveryLiveKey() async throws {
        let old = P256.Signing.PrivateKey()
        let new = P256.Signing.PrivateKey()
        let signer = try await RealmSigner(
            keys: [
                SigningKey(kid: "new", material: .p256(new)),
                SigningKey(kid: "old", retiresAt: Date(timeIntervalSinceNow: -10), material: .p256(old)),
            ],
            retiredKeysPublishedFor: 3600)
        #expect(signer.activeKey(.es256)?.kid == "new")
        let token = try await signer.sign(Claims(sub: "ada"), type: "at+jwt")
        #expect(try JWTHeaderPeek(token).kid == "new")
        #expect(try await signer.verify(token, as: Claims.self, type: "at+jwt") == Claims(sub: "ada"))
        let jwks = try JSONDecoder().decode(JWKSDocument.self, from: signer.jwksJSON)
        #expect(Set(jwks.keys.map(\.kid)) == ["new", "old"])
        #expect(jwks.keys.allSatisfy { $0.kty == "EC" && $0.crv == "P-256" && $0.alg == "ES256" })
    }

    /// A token whose hash was kept at issuance is taken on that hash alone: the bytes are the
    /// ones signed, so the signature is not checked again. Any other bytes, a key no longer
    /// published, or another type are refused as ever, and without a kept hash the signature
    /// decides.
    @Test func aTokenIsRecognisedByTheHashKeptAtIssuance() async throws {
        let signer = try await RealmSigner(keys: [SigningKey(kid: "k1", material: .p256(P256.Signing.PrivateKey()))])
        let token = try await signer.sign(Claims(sub: "ada"), type: "at+jwt")
        let kept = Secrets.hash(token)
        let asked = Mutex<[String]>([])
        let lookUp: @Sendable (Claims) async throws -> Data? = { claims in
            asked.withLock { $0.append(claims.sub.value) }
            return kept
        }
        #expect(try await signer.verify(token, as: Claims.self, type: "at+jwt", issuedHash: lookUp) == Claims(sub: "ada"))
        #expect(asked.withLock { $0 } == ["ada"])

        // The same header and claims under a signature of another key of the same kid: other bytes, another hash.
        let impostor = try await RealmSigner(keys: [SigningKey(kid: "k1", material: .p256(P256.Signing.PrivateKey()))])
        let forged = try await impostor.sign(Claims(sub: "ada"), type: "at+jwt")
        let mismatch = await #expect(throws: JWTError.self) {
            try await signer.verify(forged, as: Claims.self, type: "at+jwt", issuedHash: lookUp)
        }
        #expect(mismatch?.errorType == .signatureVerificationFailed)
        // No hash kept (a token from before): the signature decides, and the forged one fails it.
        let unsigned = await #expect(throws: JWTError.self) {
            try await signer.verify(forged, as: Claims.self, type: "at+jwt", issuedHash: { _ in nil })
        }
        #expect(unsigned?.errorType == .signatureVerificationFailed)
        #expect(try await signer.verify(token, as: Claims.self, type: "at+jwt", issuedHash: { _ in nil }) == Claims(sub: "ada"))

        // A matching hash does not bring back a key the realm no longer publishes, nor change the type.
        let rotated = try await RealmSigner(keys: [SigningKey(kid: "k2", material: .p256(P256.Signing.PrivateKey()))])
        await #expect(throws: RealmSigner.SignerError.unknownKey) {
            try await rotated.verify(token, as: Claims.self, type: "at+jwt", issuedHash: lookUp)
        }
        let idToken = try await signer.sign(Claims(sub: "ada"), type: "JWT")
        await #expect(throws: RealmSigner.SignerError.wrongType) {
            try await signer.verify(idToken, as: Claims.self, type: "at+jwt", issuedHash: { _ in Secrets.hash(idToken) })
        }
        #expect(asked.withLock { $0 } == ["ada", "ada"], "the key and type are checked before the hash is looked up")
    }

    @Test func refusesUnknownKeyIdsAndOtherTypes() async throws {
        let signer = try await RealmSigner(keys: [SigningKey(kid: "k1", material: .p256(P256.Signing.PrivateKey()))])
        let stranger = try await RealmSigner(keys: [SigningKey(kid: "k2", material: .p256(P256.Signing.PrivateKey()))])
        let foreign = try await stranger.sign(Claims(sub: "ada"), type: "at+jwt")
        await #expect(throws: RealmSigner.SignerError.unknownKey) {
            try await signer.verify(foreign, as: Claims.self, type: "at+jwt")
        }
        // An unreadable header is malformed, not an unknown key (which would make the keyring reload).
        // So is a token longer than any header holds, before any of it is decoded (a valid one padded).
        let padded = try await signer.sign(Claims(sub: SubjectClaim(value: String(repeating: "a", count: RealmSigner.maxTokenLength))), type: "at+jwt")
        for garbage in ["garbage", "e30", "%%%.x.y", "", padded] {
            await #expect(throws: RealmSigner.SignerError.malformed) {
                try await signer.verify(garbage, as: Claims.self, type: "at+jwt")
            }
        }
        let idToken = try await signer.sign(Claims(sub: "ada"), type: "JWT")
        await #expect(throws: RealmSigner.SignerError.wrongType) {
            try await signer.verify(idToken, as: Claims.self, type: "at+jwt")
        }
        // Same kid, different key: the signature check fails.
        let impostor = try await RealmSigner(keys: [SigningKey(kid: "k1", material: .p256(P256.Signing.PrivateKey()))])
        let forged = try await impostor.sign(Claims(sub: "ada"), type: "at+jwt")
        let failure = await #expect(throws: JWTError.self) { try await signer.verify(forged, as: Claims.self, type: "at+jwt") }
        #expect(failure?.errorType == .signatureVerificationFailed)
    }

    /// ES256 tokens are verified by the signer itself, not jwt-kit: changed signed bytes and a
    /// cut signature fail their signature check, a signed payload that is not the claims is
    /// malformed, and the payload's own checks run, handed the ES256 key.
    @Test func verifiesES256TokensAsJWTKitWould() async throws {
        struct Refused: Error {}
        struct Refusing: JWTPayload {
            let sub: SubjectClaim
            func verify(using algorithm: some JWTAlgorithm) throws {
                #expect(algorithm.name == "ES256")
                throw Refused()
            }
        }
        struct Other: JWTPayload {
            let count: Int
            func verify(using _: some JWTAlgorithm) throws {}
        }
        let signer = try await RealmSigner(keys: [SigningKey(kid: "k1", material: .p256(P256.Signing.PrivateKey()))])
        let parts = try await signer.sign(Claims(sub: "ada"), type: "JWT").split(separator: ".").map(String.init)
        let eve = Data(#"{"sub":"eve"}"#.utf8).base64URLEncodedString
        for forged in [[parts[0], eve, parts[2]], [parts[0], parts[1], String(parts[2].dropLast(4))]] {
            let failure = await #expect(throws: JWTError.self) {
                try await signer.verify(forged.joined(separator: "."), as: Claims.self, type: "JWT")
            }
            #expect(failure?.errorType == .signatureVerificationFailed)
        }
        for malformed in [parts.joined(separator: ".") + ".", [parts[0], parts[2]].joined(separator: "."), parts.joined(separator: ".") + "="] {
            await #expect(throws: RealmSigner.SignerError.malformed) { try await signer.verify(malformed, as: Claims.self, type: "JWT") }
        }
        let other = try await signer.sign(Other(count: 1), type: "JWT")
        await #expect(throws: RealmSigner.SignerError.malformed) { try await signer.verify(other, as: Claims.self, type: "JWT") }
        let refusing = try await signer.sign(Refusing(sub: "ada"), type: "JWT")
        await #expect(throws: Refused.self) { try await signer.verify(refusing, as: Refusing.self, type: "JWT") }
    }

    /// Access token payloads the compact reader leaves to the decoder (white space) verify to
    /// the same claims; one of a shape it reads but with a member of another type is malformed.
    @Test func accessTokenPayloadsOfAnyFormVerifyAlike() async throws {
        let key = P256.Signing.PrivateKey()
        let signer = try await RealmSigner(keys: [SigningKey(kid: "k1", material: .p256(key))])
        func token(_ payload: String) throws -> String {
            let input = Data(#"{"alg":"ES256","kid":"k1","typ":"at+jwt"}"#.utf8).base64URLEncodedString + "."
                + Data(payload.utf8).base64URLEncodedString
            return input + "." + (try key.signature(for: Data(input.utf8))).rawRepresentation.base64URLEncodedString
        }
        let members = #""iss":"i","sub":"s","aud":["a","b"],"exp":1764100000,"iat":1764099000,"jti":"j","client_id":"c","scope":"openid""#
        let compact = try await signer.verify(try token("{" + members + #","cnf":{"jkt":"t"}}"#), as: AccessTokenClaims.self, type: "at+jwt")
        let spaced = try await signer.verify(
            try token("{ " + members + #", "cnf": {"jkt": "t"} }"#), as: AccessTokenClaims.self, type: "at+jwt")
        #expect(compact == spaced && compact.aud.value == ["a", "b"] && compact.cnf?.jkt == "t")
        for wrong in [#","auth_time":"1""#, #","cnf":{"jkt":1}"#, #","cnf":"t""#] {
            await #expect(throws: RealmSigner.SignerError.malformed, "\(wrong)") {
                try await signer.verify(try token("{" + members + wrong + "}"), as: AccessTokenClaims.self, type: "at+jwt")
            }
        }
        // `null` is the decoder's, read as an absent member.
        #expect(try await signer.verify(try token("{" + members + #","cnf":null}"#), as: AccessTokenClaims.self, type: "at+jwt").cnf == nil)
    }

    /// A header as the server writes it is read without the JSON decoder, to the same values;
    /// any other form (another order, a space, an escape, a missing member) is read by the
    /// decoder, and what is not JSON is malformed.
    @Test func headersReadTheSameWithOrWithoutTheDecoder() throws {
        func token(_ json: String) -> String { Data(json.utf8).base64URLEncodedString + ".e30.c2ln" }
        for json in [
            #"{"alg":"ES256","kid":"k-1_A","typ":"at+jwt"}"#, #"{"typ":"JWT","alg":"RS256","kid":"r1"}"#,
            #"{"alg":"ES256", "kid":"k1","typ":"JWT"}"#, #"{"alg":"ES256","kid":"a\"b","typ":"JWT"}"#,
            #"{"alg":"ES256","kid":"a\u002Fb","typ":"JWT"}"#, #"{"alg":"ES256","kid":"k1"}"#,
        ] {
            let peek = try JWTHeaderPeek(token(json))
            let decoded = try JSONDecoder().decode(JWTHeaderPeek.self, from: Data(json.utf8))
            #expect(peek.alg == decoded.alg && peek.kid == decoded.kid && peek.typ == decoded.typ, "\(json)")
        }
        #expect(throws: RealmSigner.SignerError.malformed) { try JWTHeaderPeek(token(#"{"alg":"ES256","kid":"k1","typ":"JWT"}x"#)) }
        // The server's own form, or any without white space, is read without the decoder; a
        // space or a member that is not a string never is.
        func compact(_ json: String) -> JWTHeaderPeek? { CompactJSON.value(JWTHeaderPeek.self, from: Data(json.utf8)) }
        #expect(compact(#"{"alg":"ES256","kid":"k-1_A","typ":"at+jwt"}"#)?.kid == "k-1_A")
        #expect(compact(#"{"typ":"JWT","kid":"k1"}"#).map { [$0.alg, $0.kid, $0.typ] } == [nil, "k1", "JWT"])
        #expect(compact(#"{"alg":"ES256","kid":"a\"b","typ":"JWT"}"#)?.kid == "a\"b")
        for json in [#"{"alg":"ES256", "kid":"k1"}"#, #"{"alg":1,"kid":"k1"}"#, #""ES256""#] {
            #expect(compact(json) == nil, "\(json)")
        }
        #expect(throws: RealmSigner.SignerError.malformed) { try JWTHeaderPeek(token(#"{"alg":1,"kid":"k1","typ":"JWT"}"#)) }
    }

    /// RS256 signs only what asks for it; a token's `alg` must be its key's algorithm.
    @Test func signsRS256OnRequestAndPublishesBothKinds() async throws {
        let rsa = try SigningKey.generate(.rs256, kid: "r1")
        let signer = try await RealmSigner(keys: [rsa, try SigningKey.generate(.es256, kid: "e1")])
        #expect(signer.activeKey(.es256)?.kid == "e1" && signer.activeKey(.rs256)?.kid == "r1")
        let rs256 = try await signer.sign(Claims(sub: "ada"), type: "JWT", algorithm: .rs256)
        #expect(try JWTHeaderPeek(rs256).alg == "RS256" && JWTHeaderPeek(rs256).kid == "r1")
        #expect(try JWTHeaderPeek(try await signer.sign(Claims(sub: "ada"), type: "JWT")).alg == "ES256")
        #expect(try await signer.verify(rs256, as: Claims.self, type: "JWT") == Claims(sub: "ada"))

        // An outside verifier checks it with the published RSA key alone.
        let outside = try await JWTKeyCollection().add(jwksJSON: String(decoding: signer.jwksJSON, as: UTF8.self))
        #expect(try await outside.verify(rs256, as: Claims.self) == Claims(sub: "ada"))
        let jwks = try JSONDecoder().decode(JWKSDocument.self, from: signer.jwksJSON)
        #expect(jwks.keys.map(\.kty).sorted() == ["EC", "RSA"])

        // The RSA key's kid over an ES256 signature: refused before any signature check.
        let parts = try await signer.sign(Claims(sub: "ada"), type: "JWT").split(separator: ".")
        let header = Data(#"{"alg":"ES256","kid":"r1","typ":"JWT"}"#.utf8).base64URLEncodedString
        let confused = [header, String(parts[1]), String(parts[2])].joined(separator: ".")
        await #expect(throws: RealmSigner.SignerError.wrongType) { try await signer.verify(confused, as: Claims.self, type: "JWT") }
        // A realm cannot be without its ES256 key.
        await #expect(throws: RealmSigner.SignerError.noActiveKey) { try await RealmSigner(keys: [rsa]) }
    }

    /// A rotation on the clock: the successor is published first, signs from its activation;
    /// the predecessor then verifies while its tokens live, and is gone from JWKS after.
    @Test func aRotatedKeyIsPublishedBeforeItSignsAndTheOldOneUntilItsTokensExpire() async throws {
        let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
        let t0 = clock.withLock { $0 }
        let signer = try await RealmSigner(
            keys: [
                SigningKey(kid: "next", activatesAt: t0 + 86_400, material: .p256(P256.Signing.PrivateKey())),
                SigningKey(kid: "current", retiresAt: t0 + 86_400, material: .p256(P256.Signing.PrivateKey())),
            ],
            retiredKeysPublishedFor: 3900, now: { clock.withLock { $0 } })
        func published() throws -> Set<String> {
            Set(try JSONDecoder().decode(JWKSDocument.self, from: signer.jwksJSON).keys.map(\.kid))
        }
        #expect(try published() == ["next", "current"])
        let before = try await signer.sign(Claims(sub: "ada"), type: "JWT")
        #expect(try JWTHeaderPeek(before).kid == "current")

        clock.withLock { $0 = t0 + 86_400 }
        let after = try await signer.sign(Claims(sub: "ada"), type: "JWT")
        #expect(try JWTHeaderPeek(after).kid == "next")
        #expect(try await signer.verify(before, as: Claims.self, type: "JWT") == Claims(sub: "ada"))
        #expect(try published() == ["next", "current"])

        clock.withLock { $0 = t0 + 86_400 + 3900 }
        #expect(try published() == ["next"])
        await #expect(throws: RealmSigner.SignerError.unknownKey) { try await signer.verify(before, as: Claims.self, type: "JWT") }
        #expect(try await signer.verify(after, as: Claims.self, type: "JWT") == Claims(sub: "ada"))
    }
}
