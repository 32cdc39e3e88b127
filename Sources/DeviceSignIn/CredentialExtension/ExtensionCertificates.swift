package import Crypto
package import Foundation
import SwiftASN1
package import X509
import IdentityServerCore
package import RealmKeys

/// Device B's certificate, which the realm's CA issues once device A has endorsed it. The
/// server drafts the certificate exactly as the CA will issue it (issuer the realm root, B's
/// key, the same identity as A's), with a placeholder signature; A's credential key signs the
/// draft's `tbsCertificate` as an endorsement — a statement that A's user wants this device —
/// and the server, having verified that endorsement with A's key, signs the same
/// `tbsCertificate` with the CA key. A's signature is never a certificate signature: B's chain
/// is leaf B → realm root, and nothing a device key signs chains to the root.
package enum ExtensionCertificates {
    /// B's certificate as A will endorse it. Its signature is a placeholder by a throwaway key.
    package static func draft(
        for publicKey: P256.Signing.PublicKey, credentialID: String, identityID: String, authority: Certificate, now: Date
    ) throws -> Certificate {
        try RealmAuthority.credentialCertificate(
            for: publicKey, credentialID: credentialID, identityID: identityID, issuer: authority, now: now,
            issuerPrivateKey: Certificate.PrivateKey(P256.Signing.PrivateKey()))
    }

    /// The draft issued by `authority`, if `endorsement` (DER ECDSA) is `endorser`'s key's
    /// signature over the draft's `tbsCertificate`; `nil` otherwise.
    package static func issue(
        draftDER: Data, endorsement: Data, endorser: Certificate, authority: RealmAuthority
    ) -> Certificate? {
        guard case let .constructed(nodes) = try? DER.parse(Array(draftDER)).content else { return nil }
        var parts = nodes.makeIterator()
        guard let tbs = parts.next(), let algorithm = parts.next(),
              let endorserKey = P256.Signing.PublicKey(endorser.publicKey),
              let signature = try? P256.Signing.ECDSASignature(derRepresentation: endorsement),
              endorserKey.isValidSignature(signature, for: Data(tbs.encodedBytes)),
              let issuerSignature = try? authority.privateKey.signature(for: Data(tbs.encodedBytes))
        else { return nil }
        var serializer = DER.Serializer()
        do {
            try serializer.appendConstructedNode(identifier: .sequence) { coder in
                coder.serializeRawBytes(tbs.encodedBytes)
                coder.serializeRawBytes(algorithm.encodedBytes)
                try coder.serialize(ASN1BitString(bytes: ArraySlice(issuerSignature.derRepresentation)))
            }
            let issued = try Certificate(derEncoded: serializer.serializedBytes)
            return authority.certificate.publicKey.isValidSignature(issued.signature, for: issued) ? issued : nil
        } catch {
            return nil
        }
    }
}
