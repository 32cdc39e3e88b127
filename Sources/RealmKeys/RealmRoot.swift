package import Foundation
import IdentityServerCore
@_spi(FixedExpiryValidationTime) package import X509

/// A realm's root certificate, without its private key: all that checking a device's chain
/// needs, so it can be kept in memory while the key is unsealed only to issue.
package struct RealmRoot: Sendable {
    package let certificate: Certificate

    /// Whether `leaf` chains to this root at `now` (RFC 5280 path validation).
    package func verifies(leaf: Certificate, intermediates: [Certificate], now: Date) async -> Bool {
        var verifier = Verifier(rootCertificates: CertificateStore([certificate])) {
            RFC5280Policy(fixedExpiryValidationTime: now)
        }
        let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore(intermediates))
        if case .validCertificate = result { return true }
        return false
    }
}
