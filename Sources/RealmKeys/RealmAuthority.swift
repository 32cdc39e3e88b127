package import Crypto
package import Foundation
import SwiftASN1
package import X509
import IdentityServerCore

/// A realm's certificate authority: a P-256 key and its self-signed root. It issues the
/// certificate of every device credential — enrolled, or added as a second device — and
/// verifies the chains devices present.
///
/// A credential's certificate is an end-entity certificate (not a CA, digital signatures
/// only), and the root allows no intermediate (path length 0): a device key can sign
/// assertions and endorse a second device of its own user (see ``ExtensionCertificates``), but
/// nothing it signs ever chains to the realm's root.
package struct RealmAuthority: Sendable {
    package let privateKey: P256.Signing.PrivateKey
    package let certificate: Certificate

    /// Root validity; device certificates live shorter (``credentialValidity``).
    package static let rootValidity: TimeInterval = 20 * 365 * 86_400
    /// Validity of a device credential's certificate. Revocation ends it earlier.
    package static let credentialValidity: TimeInterval = 5 * 365 * 86_400

    /// Creates a new authority for a realm.
    package static func create(realmID: String, displayName: String, now: Date) throws -> RealmAuthority {
        let key = P256.Signing.PrivateKey()
        let name = try DistinguishedName {
            CommonName("\(displayName) Credential Authority")
            OrganizationalUnitName(realmID)
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(key.publicKey),
            notValidBefore: now.addingTimeInterval(-300),
            notValidAfter: now.addingTimeInterval(rootValidity),
            issuer: name,
            subject: name,
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                SubjectKeyIdentifier(hash: Certificate.PublicKey(key.publicKey))
            },
            issuerPrivateKey: Certificate.PrivateKey(key)
        )
        return RealmAuthority(privateKey: key, certificate: certificate)
    }

    /// The URI naming an identity in a credential certificate's subject alternative name.
    package static func identityURI(_ identityID: String) -> String { "urn:bi:identity:\(identityID)" }

    /// Issues the certificate of a device credential: subject CN is the credential id, the
    /// identity is a SAN URI.
    package func issueCredentialCertificate(
        for publicKey: P256.Signing.PublicKey, credentialID: String, identityID: String, now: Date
    ) throws -> Certificate {
        try Self.credentialCertificate(
            for: publicKey, credentialID: credentialID, identityID: identityID, issuer: certificate, now: now,
            issuerPrivateKey: Certificate.PrivateKey(privateKey))
    }

    /// A device credential's certificate issued by `issuer` (the realm root), valid no longer
    /// than its issuer: an end entity that signs authentications, never certificates.
    package static func credentialCertificate(
        for publicKey: P256.Signing.PublicKey, credentialID: String, identityID: String, issuer: Certificate,
        now: Date, issuerPrivateKey: Certificate.PrivateKey
    ) throws -> Certificate {
        try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(),
            publicKey: Certificate.PublicKey(publicKey),
            notValidBefore: now.addingTimeInterval(-300),
            notValidAfter: min(now.addingTimeInterval(credentialValidity), issuer.notValidAfter),
            issuer: issuer.subject,
            subject: try DistinguishedName { CommonName(credentialID) },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.clientAuth])
                SubjectAlternativeNames([.uniformResourceIdentifier(identityURI(identityID))])
                AuthorityKeyIdentifier(keyIdentifier: try issuer.extensions.subjectKeyIdentifier?.keyIdentifier)
                SubjectKeyIdentifier(hash: Certificate.PublicKey(publicKey))
            },
            issuerPrivateKey: issuerPrivateKey
        )
    }

    /// The root certificate, for checking chains.
    package var root: RealmRoot { RealmRoot(certificate: certificate) }

    /// The root as PEM.
    package var certificatePEM: String {
        get throws { try certificate.serializeAsPEM().pemString }
    }
}
