import Crypto
import Foundation
import SwiftASN1
import X509

/// Builds a PKCS#10 certificate signing request for a key that stays inside the ``KeyStore``.
///
/// swift-certificates signs a CSR with a `Certificate.PrivateKey`, which would take the key out
/// of the store. So the request is built in two passes: once with a placeholder signature to
/// obtain the DER of its `CertificationRequestInfo` (RFC 2986 §4.1), which the store then signs.
enum CertificateRequest {
    /// The PEM CSR for `publicKey`, signed through `sign` (ECDSA P-256 with SHA-256).
    static func pem(
        for publicKey: P256.Signing.PublicKey,
        sign: (Data) async throws -> P256.Signing.ECDSASignature
    ) async throws -> String {
        let subject = try DistinguishedName { CommonName("beyond-identity-device") }
        func request(signedWith signature: P256.Signing.ECDSASignature) throws -> CertificateSigningRequest {
            try CertificateSigningRequest(
                version: .v1, subject: subject, publicKey: Certificate.PublicKey(publicKey), attributes: .init(),
                signatureAlgorithm: .ecdsaWithSHA256,
                signature: Certificate.Signature(
                    signatureAlgorithm: .ecdsaWithSHA256,
                    signatureBytes: ASN1BitString(bytes: ArraySlice(signature.derRepresentation))))
        }
        let placeholder = try P256.Signing.PrivateKey().signature(for: Data())
        let info = try requestInfo(of: try request(signedWith: placeholder))
        return try request(signedWith: try await sign(info)).serializeAsPEM().pemString
    }

    /// The DER of the first element of the CSR's outer SEQUENCE: the signed part.
    private static func requestInfo(of request: CertificateSigningRequest) throws -> Data {
        var serializer = DER.Serializer()
        try serializer.serialize(request)
        guard case let .constructed(children) = try DER.parse(serializer.serializedBytes).content else {
            throw BISDKError.description("cannot encode the certificate signing request")
        }
        var elements = children.makeIterator()
        guard let info = elements.next() else { throw BISDKError.description("cannot encode the certificate signing request") }
        return Data(info.encodedBytes)
    }
}
