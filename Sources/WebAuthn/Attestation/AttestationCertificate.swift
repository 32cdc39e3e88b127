import Foundation
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// The checks an attestation certificate must pass (WebAuthn §8.2.1 for packed), and the chain
/// to the policy's roots.
enum AttestationCertificate {
    /// `id-fido-gen-ce-aaguid`: the authenticator model an attestation certificate is for.
    static let aaguidExtension: ASN1ObjectIdentifier = [1, 3, 6, 1, 4, 1, 45724, 1, 1, 4]

    /// The certificates of `x5c`, leaf first (at most a few: a chain, not a bundle).
    static func chain(_ x5c: CBOR?) throws(WebAuthnError) -> [Certificate] {
        guard let items = x5c?.array, !items.isEmpty, items.count <= 5 else { throw .attestationInvalid("x5c is not 1 to 5 certificates") }
        var certificates: [Certificate] = []
        for item in items {
            guard let der = item.bytes, let certificate = try? Certificate(derEncoded: der) else {
                throw .attestationInvalid("x5c holds something other than a certificate")
            }
            certificates.append(certificate)
        }
        return certificates
    }

    /// §8.2.1: version 3, the subject's country, organisation, `Authenticator Attestation` unit
    /// and common name, not a CA, and the AAGUID extension (when present) naming `aaguid`.
    static func checkPacked(_ certificate: Certificate, aaguid: [UInt8]) throws(WebAuthnError) {
        guard certificate.version == .v3 else { throw .attestationInvalid("certificate is not version 3") }
        let attributes = certificate.subject.flatMap { $0 }
        func has(_ oid: ASN1ObjectIdentifier) -> Bool { attributes.contains { $0.type == oid } }
        guard has(.RDNAttributeType.countryName), has(.RDNAttributeType.organizationName), has(.RDNAttributeType.commonName),
              attributes.contains(where: {
                  $0.type == .RDNAttributeType.organizationalUnitName && String(describing: $0.value) == "Authenticator Attestation"
              })
        else { throw .attestationInvalid("certificate subject lacks C, O, OU=Authenticator Attestation or CN") }
        if case .isCertificateAuthority = (try? certificate.extensions.basicConstraints) ?? .notCertificateAuthority {
            throw .attestationInvalid("certificate is a CA's")
        }
        try checkAAGUID(certificate, aaguid: aaguid)
    }

    /// When the certificate names a model, it must be the credential's.
    static func checkAAGUID(_ certificate: Certificate, aaguid: [UInt8]) throws(WebAuthnError) {
        guard let named = certificate.extensions[oid: aaguidExtension] else { return }
        guard !named.critical, let inner = try? ASN1OctetString(derEncoded: named.value), Array(inner.bytes) == aaguid else {
            throw .attestationInvalid("certificate's AAGUID is not the authenticator data's")
        }
    }

    /// Whether `chain` ends at one of `roots` (RFC 5280 path validation at `time`).
    static func isTrusted(_ chain: [Certificate], roots: [Certificate], at time: Date) async -> Bool {
        guard !roots.isEmpty, let leaf = chain.first else { return false }
        var verifier = Verifier(rootCertificates: CertificateStore(roots)) { RFC5280Policy(fixedExpiryValidationTime: time) }
        let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore(chain.dropFirst()))
        if case .validCertificate = result { return true }
        return false
    }
}
