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
