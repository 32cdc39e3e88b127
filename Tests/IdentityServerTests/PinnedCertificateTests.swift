import Crypto
import Foundation
import IdentityProtocol
import IdentityStorage
import Testing
import X509

@testable import IdentityServer

/// A sign-in's chain must start with the credential's own pinned certificate, byte for byte,
/// inside its validity period.
@Suite struct PinnedCertificateTests {
    private func certificate(key: P256.Signing.PrivateKey, from start: Date, to end: Date) throws -> Certificate {
        let name = try DistinguishedName { CommonName("crd_1") }
        return try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: start, notValidAfter: end,
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: Certificate.Extensions(),
            issuerPrivateKey: .init(key))
    }

    private func credential(_ certificate: Certificate) throws -> CredentialRecord {
        CredentialRecord(
            id: "crd_1", tenantID: "ten_1", realmID: "rlm_1", identityID: "idn_1", state: .active, deviceName: nil,
            certificateDER: try certificate.derData, parentCredentialID: nil, createdAt: Date(), lastUsedAt: nil, revokedAt: nil)
    }

    @Test func onlyTheCredentialsOwnCertificateWithinItsValidityPasses() async throws {
        try await ServiceFixture.with { fixture in
            let checks = DeviceChecks(store: fixture.store, keyring: fixture.keyring, now: fixture.now)
            let now = fixture.clock.now()
            let key = P256.Signing.PrivateKey()
            let pinned = try certificate(key: key, from: now.addingTimeInterval(-60), to: now.addingTimeInterval(60))
            let record = try credential(pinned)
            let pem = try pinned.serializeAsPEM().pemString

            #expect(try checks.pinnedCertificate([pem], of: record) == pinned)
            // Another certificate for the same key, an empty chain, text that is not PEM: refused.
            let other = try certificate(key: key, from: now.addingTimeInterval(-60), to: now.addingTimeInterval(60))
            let invalidChain = ServerError(APIErrorCode.invalidCertificateChain, "")
            #expect(throws: invalidChain) { try checks.pinnedCertificate([try other.serializeAsPEM().pemString], of: record) }
            #expect(throws: invalidChain) { try checks.pinnedCertificate([], of: record) }
            #expect(throws: invalidChain) { try checks.pinnedCertificate(["not a certificate"], of: record) }
            // Past its validity, the pinned certificate itself no longer signs in.
            fixture.clock.advance(by: 61)
            #expect(throws: invalidChain) { try checks.pinnedCertificate([pem], of: record) }
        }
    }
}
