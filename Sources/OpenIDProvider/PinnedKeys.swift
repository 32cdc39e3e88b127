package import Crypto
package import Foundation
import IdentityProtocol
package import IdentityStorage
import SwiftASN1
import Synchronization
import X509
import IdentityServerCore

/// The public key, its thumbprint and the validity of each credential's pinned certificate, read
/// from the certificate once rather than at every sign-in: at most a given number of credentials,
/// the least recently used forgotten first. An entry is used only while its DER is still the credential's.
package final class PinnedKeys: Sendable {
    /// What a sign-in needs of a credential's certificate.
    package struct PinnedKey: Sendable {
        package let certificateDER: Data
        /// The certificate as this server hands it out (`serializeAsPEM`), which a device
        /// presents again as it was given.
        package let certificatePEM: String
        package let publicKey: P256.Signing.PublicKey
        /// The key's RFC 7638 thumbprint: what a DPoP proof made with it is bound to.
        package let thumbprint: String
        package let notValidBefore: Date
        package let notValidAfter: Date
    }

    private let cache: Mutex<LRUCache<String, PinnedKey>>

    /// Keeps the keys of at most `capacity` credentials.
    package init(capacity: Int = 10_000) {
        cache = Mutex(LRUCache(capacity: capacity))
    }

    /// The key of `credential`'s certificate; `nil` when the certificate does not parse or its
    /// key is not P-256.
    package func key(of credential: CredentialRecord) -> PinnedKey? {
        key(credentialID: credential.id, certificateDER: credential.certificateDER)
    }

    /// The key of the certificate `certificateDER` of the credential `credentialID`.
    package func key(credentialID: String, certificateDER: Data) -> PinnedKey? {
        if let kept = cache.withLock({ $0.value(for: credentialID) }), kept.certificateDER == certificateDER {
            return kept
        }
        guard let certificate = try? Certificate(derEncoded: Array(certificateDER)),
              let publicKey = P256.Signing.PublicKey(certificate.publicKey),
              let pem = try? certificate.serializeAsPEM().pemString
        else { return nil }
        let key = PinnedKey(
            certificateDER: certificateDER, certificatePEM: pem, publicKey: publicKey, thumbprint: JWKThumbprint.of(publicKey),
            notValidBefore: certificate.notValidBefore, notValidAfter: certificate.notValidAfter)
        _ = cache.withLock { $0.set(key, for: credentialID) }
        return key
    }
}
