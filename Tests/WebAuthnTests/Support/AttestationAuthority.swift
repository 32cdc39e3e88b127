import Crypto
import Foundation
import SwiftASN1
import X509

/// A root and the attestation certificates it issues, as an authenticator vendor's.
struct AttestationAuthority {
    let key = P256.Signing.PrivateKey()
    let root: Certificate
    private let name: DistinguishedName

    init(name: String = "Test Attestation Root") throws {
        self.name = try DistinguishedName { CommonName(name) }
        let now = Date()
        root = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: now - 3600,
            notValidAfter: now + 86_400, issuer: self.name, subject: self.name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
            },
            issuerPrivateKey: .init(key))
    }

    /// An attestation certificate as WebAuthn §8.2.1 describes it, for the model `aaguid`
    /// (named in its extension unless `nil`); `unit` is its subject's OU.
    func attestationCertificate(
        aaguid: [UInt8]?, unit: String = "Authenticator Attestation"
    ) throws -> (Certificate, P256.Signing.PrivateKey) {
        let leafKey = P256.Signing.PrivateKey()
        let now = Date()
        let subject = try DistinguishedName {
            CountryName("SE")
            OrganizationName("Test Vendor")
            OrganizationalUnitName(unit)
            CommonName("Test Authenticator")
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(leafKey.publicKey), notValidBefore: now - 3600,
            notValidAfter: now + 86_400, issuer: name, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                if let aaguid {
                    Certificate.Extension(
                        oid: [1, 3, 6, 1, 4, 1, 45724, 1, 1, 4], critical: false, value: Self.octetString(aaguid))
                }
            },
            issuerPrivateKey: .init(key))
        return (certificate, leafKey)
    }

    static func octetString(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var serializer = DER.Serializer()
        try! serializer.serialize(ASN1OctetString(contentBytes: bytes[...]))
        return serializer.serializedBytes[...]
    }
}
