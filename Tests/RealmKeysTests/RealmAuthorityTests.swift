import Crypto
import Foundation
import JWTKit
import Testing
import X509

import IdentityServerCore
import RealmKeys
import DeviceSignIn

@Suite struct RealmAuthorityTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func issuesLeavesThatChainToItsRootOnly() async throws {
        let authority = try RealmAuthority.create(realmID: "r1", displayName: "Customers", now: now)
        let device = P256.Signing.PrivateKey()
        let leaf = try authority.issueCredentialCertificate(
            for: device.publicKey, credentialID: "cred-1", identityID: "id-1", now: now)
        #expect(leaf.subject.description == "CN=cred-1")
        #expect(try leaf.extensions.subjectAlternativeNames?.contains(.uniformResourceIdentifier("urn:bi:identity:id-1")) == true)
        #expect(try leaf.extensions.basicConstraints == .notCertificateAuthority)
        #expect(try leaf.extensions.keyUsage == KeyUsage(digitalSignature: true))
        #expect(try leaf.extensions.extendedKeyUsage == ExtendedKeyUsage([.clientAuth]))
        #expect(try authority.certificate.extensions.basicConstraints == .isCertificateAuthority(maxPathLength: 0))
        #expect(await authority.root.verifies(leaf: leaf, intermediates: [], now: now))

        let other = try RealmAuthority.create(realmID: "r2", displayName: "Staff", now: now)
        #expect(await !other.root.verifies(leaf: leaf, intermediates: [], now: now))
        let afterExpiry = now.addingTimeInterval(RealmAuthority.credentialValidity + 86_400)
        #expect(await !authority.root.verifies(leaf: leaf, intermediates: [], now: afterExpiry))
    }

    /// A device key cannot certify anything: a certificate it signs for another user, in the
    /// realm's name, does not chain to the root (issue 14 #1).
    @Test func aDeviceKeyCertifiesNothing() async throws {
        let authority = try RealmAuthority.create(realmID: "r1", displayName: "Customers", now: now)
        let alice = P256.Signing.PrivateKey()
        let aliceLeaf = try authority.issueCredentialCertificate(
            for: alice.publicKey, credentialID: "cred-a", identityID: "alice", now: now)
        let forged = try RealmAuthority.credentialCertificate(
            for: P256.Signing.PrivateKey().publicKey, credentialID: "cred-x", identityID: "bob", issuer: aliceLeaf,
            now: now, issuerPrivateKey: Certificate.PrivateKey(alice))
        #expect(await !authority.root.verifies(leaf: forged, intermediates: [aliceLeaf], now: now))
    }

    /// B's certificate: drafted as the CA issues it, endorsed by A's key, then signed by the CA.
    @Test func anEndorsedDraftIsIssuedByTheRealm() async throws {
        let authority = try RealmAuthority.create(realmID: "r1", displayName: "Customers", now: now)
        let a = P256.Signing.PrivateKey()
        let aLeaf = try authority.issueCredentialCertificate(for: a.publicKey, credentialID: "cred-a", identityID: "id-1", now: now)
        let draft = try ExtensionCertificates.draft(
            for: P256.Signing.PrivateKey().publicKey, credentialID: "cred-b", identityID: "id-1",
            authority: authority.certificate, now: now)
        let draftDER = Data(try draft.derData)
        let endorsement = try a.signature(for: Data(draft.tbsCertificateBytes)).derRepresentation
        #expect(await !authority.root.verifies(leaf: draft, intermediates: [], now: now))

        let issued = try #require(ExtensionCertificates.issue(
            draftDER: draftDER, endorsement: endorsement, endorser: aLeaf, authority: authority))
        #expect(issued.tbsCertificateBytes == draft.tbsCertificateBytes)
        #expect(await authority.root.verifies(leaf: issued, intermediates: [], now: now))
        // Another key's endorsement, or one over other bytes, issues nothing.
        let stranger = try P256.Signing.PrivateKey().signature(for: Data(draft.tbsCertificateBytes)).derRepresentation
        #expect(ExtensionCertificates.issue(draftDER: draftDER, endorsement: stranger, endorser: aLeaf, authority: authority) == nil)
        var changed = Array(draft.tbsCertificateBytes)
        changed[changed.count / 2] ^= 0x01
        let overOther = try a.signature(for: Data(changed)).derRepresentation
        #expect(ExtensionCertificates.issue(draftDER: draftDER, endorsement: overOther, endorser: aLeaf, authority: authority) == nil)
    }
}
