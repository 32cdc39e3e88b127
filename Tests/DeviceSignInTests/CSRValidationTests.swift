import Crypto
import Foundation
import SwiftASN1
import Testing
import X509

import IdentityServerCore
import DeviceSignIn

/// Proof of possession: a CSR is accepted only with a P-256 key that signed it.
@Suite struct CSRValidationTests {
    static func csr(_ key: Certificate.PrivateKey, algorithm: Certificate.SignatureAlgorithm = .ecdsaWithSHA256) throws -> CertificateSigningRequest {
        try CertificateSigningRequest(
            version: .v1, subject: try DistinguishedName { CommonName("device") }, privateKey: key,
            attributes: CertificateSigningRequest.Attributes(), signatureAlgorithm: algorithm)
    }

    /// The PEM of `request` with one byte of its signed part (the subject's name) changed.
    static func tampered(_ request: CertificateSigningRequest) throws -> String {
        var serializer = DER.Serializer()
        try serializer.serialize(request)
        var der = serializer.serializedBytes
        let name = Array("device".utf8)
        let at = try #require((0...(der.count - name.count)).first { Array(der[$0..<($0 + name.count)]) == name })
        der[at + name.count - 1] ^= 0x01
        return PEMDocument(type: "CERTIFICATE REQUEST", derBytes: der).pemString
    }

    /// The reason an invalid CSR is refused.
    static func refusal(_ pem: String) -> String? {
        do {
            _ = try CSRValidation.publicKey(fromPEM: pem)
            return nil
        } catch {
            return (error as? ServerError).map { "\($0.code.wire): \($0.description)" }
        }
    }

    @Test func acceptsAP256KeyThatSignedItsRequest() throws {
        let key = P256.Signing.PrivateKey()
        let pem = try Self.csr(Certificate.PrivateKey(key)).serializeAsPEM().pemString
        #expect(try CSRValidation.publicKey(fromPEM: pem).rawRepresentation == key.publicKey.rawRepresentation)
    }

    @Test func refusesWhatProvesNoPossession() throws {
        let signedThenChanged = try Self.tampered(Self.csr(Certificate.PrivateKey(P256.Signing.PrivateKey())))
        #expect(try CertificateSigningRequest(pemEncoded: signedThenChanged).subject.description.contains("devicd"))
        #expect(Self.refusal(signedThenChanged) == "invalid_csr: the CSR's signature does not verify")

        let p384 = try Self.csr(Certificate.PrivateKey(P384.Signing.PrivateKey()), algorithm: .ecdsaWithSHA384)
        #expect(Self.refusal(try p384.serializeAsPEM().pemString) == "invalid_csr: the CSR's key is not an ECDSA P-256 key")
        #expect(Self.refusal("-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----")
            == "invalid_csr: the CSR is not a PEM-encoded PKCS#10 request")
    }
}
