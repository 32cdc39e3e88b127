import Crypto
import Foundation
import SwiftASN1
import X509

/// A certificate authority's self-signed root, PEM, as an authenticator vendor's attestation
/// root: for a realm's passkey policy in tests (no authenticator of the tests chains to it).
package enum TestAttestationRoot {
    /// A fresh root named `name`, valid for the next hour.
    package static func pem(named name: String = "Another vendor's root") throws -> String {
        let key = P256.Signing.PrivateKey()
        let subject = try DistinguishedName { CommonName(name) }
        return try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(key.publicKey), notValidBefore: Date() - 60,
            notValidAfter: Date() + 3600, issuer: subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions { Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0)) },
            issuerPrivateKey: .init(key)
        ).serializeAsPEM().pemString
    }
}
