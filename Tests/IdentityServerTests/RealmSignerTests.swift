import Crypto
import Foundation
import JWTKit
import Testing
import X509

@testable import IdentityServer

@Suite struct RealmSignerTests {
    struct Claims: JWTPayload, Equatable {
        let sub: SubjectClaim
        func verify(using _: some JWTAlgorithm) throws {}
    }

    @Test func signsWithTheActiveKeyAndPublishesEveryKey() async throws {
        let old = P256.Signing.PrivateKey()
        let new = P256.Signing.PrivateKey()
        let signer = try await RealmSigner(keys: [(kid: "new", retired: false, key: new), (kid: "old", retired: true, key: old)])
        #expect(signer.activeKID == "new")
        let token = try await signer.sign(Claims(sub: "ada"), type: "at+jwt")
        #expect(try JWTHeaderPeek(token).kid == "new")
        #expect(try await signer.verify(token, as: Claims.self, type: "at+jwt") == Claims(sub: "ada"))
        let jwks = try JSONDecoder().decode(JWKSDocument.self, from: signer.jwksJSON)
        #expect(Set(jwks.keys.map(\.kid)) == ["new", "old"])
        #expect(jwks.keys.allSatisfy { $0.kty == "EC" && $0.crv == "P-256" && $0.alg == "ES256" })
    }

    @Test func refusesUnknownKeyIdsAndOtherTypes() async throws {
        let signer = try await RealmSigner(keys: [(kid: "k1", retired: false, key: P256.Signing.PrivateKey())])
        let stranger = try await RealmSigner(keys: [(kid: "k2", retired: false, key: P256.Signing.PrivateKey())])
        let foreign = try await stranger.sign(Claims(sub: "ada"), type: "at+jwt")
        await #expect(throws: RealmSigner.SignerError.unknownKey) {
            try await signer.verify(foreign, as: Claims.self, type: "at+jwt")
        }
        // An unreadable header is malformed, not an unknown key (which would make the keyring reload).
        for garbage in ["garbage", "e30", "%%%.x.y", ""] {
            await #expect(throws: RealmSigner.SignerError.malformed) {
                try await signer.verify(garbage, as: Claims.self, type: "at+jwt")
            }
        }
        let idToken = try await signer.sign(Claims(sub: "ada"), type: "JWT")
        await #expect(throws: RealmSigner.SignerError.wrongType) {
            try await signer.verify(idToken, as: Claims.self, type: "at+jwt")
        }
        // Same kid, different key: the signature check fails.
        let impostor = try await RealmSigner(keys: [(kid: "k1", retired: false, key: P256.Signing.PrivateKey())])
        let forged = try await impostor.sign(Claims(sub: "ada"), type: "at+jwt")
        await #expect(throws: (any Error).self) { try await signer.verify(forged, as: Claims.self, type: "at+jwt") }
    }
}
