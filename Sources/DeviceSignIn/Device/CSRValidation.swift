package import Crypto
import IdentityProtocol
import SwiftASN1
import X509
import IdentityServerCore

/// Checks a device's PKCS#10 request: well-formed PEM, a P-256 key, and a signature by that
/// key (proof that the device holds it).
package enum CSRValidation {
    /// The request's key, once its signature by that key verifies; `400 invalid_csr` otherwise.
    package static func publicKey(fromPEM pem: String) throws -> P256.Signing.PublicKey {
        let csr: CertificateSigningRequest
        do {
            csr = try CertificateSigningRequest(pemEncoded: pem)
        } catch {
            throw invalid("the CSR is not a PEM-encoded PKCS#10 request")
        }
        guard let key = P256.Signing.PublicKey(csr.publicKey) else { throw invalid("the CSR's key is not an ECDSA P-256 key") }
        guard csr.publicKey.isValidSignature(csr.signature, for: csr) else { throw invalid("the CSR's signature does not verify") }
        return key
    }

    private static func invalid(_ description: String) -> ServerError {
        ServerError(APIErrorCode.invalidCSR, description)
    }
}
