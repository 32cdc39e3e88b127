package import Crypto
package import Foundation
import IdentityProtocol
import IdentityStorage
package import JWTKit
import IdentityServerCore

/// ES256 (RFC 7518 §3.4: ECDSA with P-256 and SHA-256, the signature R and S, 32 bytes each)
/// with one realm key. ``RealmSigner`` verifies its ES256 tokens here directly, without
/// jwt-kit's key collection (an actor hop, and the header decoded a second time), and hands it
/// to each payload's own `verify(using:)` as jwt-kit would.
package struct ES256Algorithm: JWTAlgorithm {
    private let key: P256.Signing.PrivateKey
    private let publicKey: P256.Signing.PublicKey

    package init(_ key: P256.Signing.PrivateKey) {
        self.key = key
        publicKey = key.publicKey
    }

    package var name: String { SigningAlgorithm.es256.rawValue }

    package func sign(_ plaintext: some DataProtocol) throws -> [UInt8] {
        Array(try key.signature(for: plaintext).rawRepresentation)
    }

    package func verify(_ signature: some DataProtocol, signs plaintext: some DataProtocol) throws -> Bool {
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return publicKey.isValidSignature(signature, for: plaintext)
    }

    /// The payload of a compact JWS (RFC 7515 §7.1) this key signed, once its signature over
    /// header and payload verifies and the payload's own checks pass. A token that is not three
    /// unpadded base64url parts (RFC 7515 §2), or whose payload is not `Payload`, is
    /// ``RealmSigner/SignerError/malformed``; a wrong signature is jwt-kit's
    /// `signatureVerificationFailed`; what the payload's checks throw is thrown as it is. A
    /// payload this server wrote is read without `JSONDecoder` where it can be (``CompactReadable``).
    package func verifiedPayload<Payload: JWTPayload>(of token: String, as _: Payload.Type) async throws -> Payload {
        let parts = try CompactJWS(token)
        guard try verify(parts.signature, signs: parts.signingInput) else { throw JWTError.signatureVerificationFailed }
        let payload: Payload = try parts.payload()
        try await payload.verify(using: self)
        return payload
    }
}
