import Crypto
import Foundation
import JWTKit
import Testing
import X509

@testable import IdentityServer

@Suite struct RealmAuthorityTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func issuesLeavesThatChainToItsRootOnly() async throws {
        let authority = try RealmAuthority.create(realmID: "r1", displayName: "Customers", now: now)
        let device = P256.Signing.PrivateKey()
        let leaf = try authority.issueCredentialCertificate(
            for: device.publicKey, credentialID: "cred-1", identityID: "id-1", now: now)
        #expect(leaf.subject.description == "CN=cred-1")
        #expect(try leaf.extensions.subjectAlternativeNames?.contains(.uniformResourceIdentifier("urn:bi:identity:id-1")) == true)
        #expect(try leaf.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: nil))
        #expect(try leaf.extensions.keyUsage == KeyUsage(digitalSignature: true, keyCertSign: true))
        #expect(try authority.certificate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: nil))
        #expect(await authority.verifies(leaf: leaf, intermediates: [], now: now))

        let other = try RealmAuthority.create(realmID: "r2", displayName: "Staff", now: now)
        #expect(await !other.verifies(leaf: leaf, intermediates: [], now: now))
        let afterExpiry = now.addingTimeInterval(RealmAuthority.credentialValidity + 86_400)
        #expect(await !authority.verifies(leaf: leaf, intermediates: [], now: afterExpiry))
    }

    @Test func aCredentialCertifiesTheNextDevice() async throws {
        let authority = try RealmAuthority.create(realmID: "r1", displayName: "Customers", now: now)
        let first = P256.Signing.PrivateKey()
        let firstLeaf = try authority.issueCredentialCertificate(
            for: first.publicKey, credentialID: "cred-a", identityID: "id-1", now: now)
        let second = try RealmAuthority.credentialCertificate(
            for: P256.Signing.PrivateKey().publicKey, credentialID: "cred-b", identityID: "id-1", issuer: firstLeaf,
            now: now, issuerPrivateKey: Certificate.PrivateKey(first))
        #expect(second.issuer == firstLeaf.subject)
        #expect(second.notValidAfter <= firstLeaf.notValidAfter)
        #expect(await authority.verifies(leaf: second, intermediates: [firstLeaf], now: now))
        #expect(await !authority.verifies(leaf: second, intermediates: [], now: now))
    }
}

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

@Suite struct FormParametersTests {
    @Test func decodesPlusAndPercentAndRefusesRepeats() throws {
        let form = try FormParameters("a=1+2&b=%2B%20x&c=&d=x&d=y")
        #expect(try form.single("a") == "1 2")
        #expect(try form.single("b") == "+ x")
        #expect(try form.single("c") == nil)
        #expect(try form.single("missing") == nil)
        #expect(throws: ServiceError.self) { try form.single("d") }
        #expect(throws: ServiceError.self) { try FormParameters("a=%zz") }
    }
}
