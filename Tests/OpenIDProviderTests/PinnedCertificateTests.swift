import Crypto
import Foundation
import IdentityProtocol
import IdentityStorage
import RealmKeys
import SwiftASN1
import Testing
import X509

@testable import IdentityServerCore
@testable import OpenIDProvider
@testable import DeviceSignIn
import ServerTestSupport

/// A sign-in's chain must start with the credential's own pinned certificate, byte for byte,
/// inside its validity period; its key is read once per credential and certificate.
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

            let keys = PinnedKeys(capacity: 2)
            #expect(try checks.pinnedKey([pem], of: record, keys: keys).rawRepresentation == key.publicKey.rawRepresentation)
            // Another certificate for the same key, an empty chain, text that is not PEM: refused.
            let other = try certificate(key: key, from: now.addingTimeInterval(-60), to: now.addingTimeInterval(60))
            let invalidChain = ServerError(APIErrorCode.invalidCertificateChain, "")
            #expect(throws: invalidChain) { try checks.pinnedKey([try other.serializeAsPEM().pemString], of: record, keys: keys) }
            #expect(throws: invalidChain) { try checks.pinnedKey([], of: record, keys: keys) }
            #expect(throws: invalidChain) { try checks.pinnedKey(["not a certificate"], of: record, keys: keys) }
            // The certificate written otherwise than this server writes it (after a line of
            // text, as OpenSSL may write it) is decoded and compared: the credential's passes,
            // another's does not.
            let annotated = { (certificate: Certificate) in "subject=CN=crd_1\n" + (try certificate.serializeAsPEM().pemString) }
            #expect(try checks.pinnedKey([annotated(pinned)], of: record, keys: keys).rawRepresentation == key.publicKey.rawRepresentation)
            #expect(throws: invalidChain) { try checks.pinnedKey([annotated(other)], of: record, keys: keys) }
            // Text that Swift's String equality equates with the pinned PEM (KELVIN SIGN for a
            // `K`) is not it: compared byte for byte, then decoded, and refused.
            var kelvin: (record: CredentialRecord, pem: String)
            repeat {
                let withK = try certificate(key: P256.Signing.PrivateKey(), from: now.addingTimeInterval(-60), to: now.addingTimeInterval(60))
                kelvin = (try credential(withK), try withK.serializeAsPEM().pemString)
            } while !kelvin.pem.contains("K")
            let lookalike = kelvin.pem.replacingOccurrences(of: "K", with: "\u{212A}")
            #expect(lookalike == kelvin.pem, "String equality equates them")
            _ = try checks.pinnedKey([kelvin.pem], of: kelvin.record, keys: keys)
            #expect(throws: invalidChain) { try checks.pinnedKey([lookalike], of: kelvin.record, keys: keys) }
            // A credential whose pinned certificate changed is read again, not served from the cache.
            let renewedKey = P256.Signing.PrivateKey()
            let renewed = try certificate(key: renewedKey, from: now.addingTimeInterval(-60), to: now.addingTimeInterval(120))
            let renewedPEM = try renewed.serializeAsPEM().pemString
            #expect(try checks.pinnedKey([renewedPEM], of: try credential(renewed), keys: keys).rawRepresentation
                == renewedKey.publicKey.rawRepresentation)
            #expect(try checks.pinnedKey([pem], of: record, keys: keys).rawRepresentation == key.publicKey.rawRepresentation)
            // Past its validity, the pinned certificate itself no longer signs in (the cache keeps its dates).
            fixture.clock.advance(by: 61)
            #expect(throws: invalidChain) { try checks.pinnedKey([pem], of: record, keys: keys) }
        }
    }
}
