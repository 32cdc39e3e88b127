import Crypto
import Foundation
import SwiftASN1
import X509

/// The certificate of device B, which device A's credential key signs: the server drafts it
/// (issuer A, subject B's new credential, B's key), A signs the draft's `tbsCertificate`, and
/// the server puts that signature in place of the draft's placeholder.
enum ExtensionCertificates {
    /// B's certificate as A will sign it. Its signature is a placeholder by a throwaway key.
    static func draft(
        for publicKey: P256.Signing.PublicKey, credentialID: String, identityID: String, issuer: Certificate, now: Date
    ) throws -> Certificate {
        try RealmAuthority.credentialCertificate(
            for: publicKey, credentialID: credentialID, identityID: identityID, issuer: issuer, now: now,
            issuerPrivateKey: Certificate.PrivateKey(P256.Signing.PrivateKey()))
    }

    /// The draft with `signature` (DER ECDSA) in place of the placeholder, if `issuer`'s key
    /// made it over the draft's `tbsCertificate`; `nil` otherwise.
    static func endorsed(draftDER: Data, signature: Data, issuer: Certificate) -> Certificate? {
        guard case let .constructed(nodes) = try? DER.parse(Array(draftDER)).content else { return nil }
        var parts = nodes.makeIterator()
        guard let tbs = parts.next(), let algorithm = parts.next() else { return nil }
        var serializer = DER.Serializer()
        do {
            try serializer.appendConstructedNode(identifier: .sequence) { coder in
                coder.serializeRawBytes(tbs.encodedBytes)
                coder.serializeRawBytes(algorithm.encodedBytes)
                try coder.serialize(ASN1BitString(bytes: ArraySlice(signature)))
            }
            let endorsed = try Certificate(derEncoded: serializer.serializedBytes)
            return issuer.publicKey.isValidSignature(endorsed.signature, for: endorsed) ? endorsed : nil
        } catch {
            return nil
        }
    }
}
