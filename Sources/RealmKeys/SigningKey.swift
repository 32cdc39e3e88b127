package import _CryptoExtras
package import Crypto
package import Foundation
package import IdentityStorage
package import JWTKit
import IdentityServerCore

/// One of a realm's token-signing keys, unsealed: a P-256 key (ES256) or an RSA key (RS256).
package struct SigningKey: Sendable {
    /// The private key itself.
    package enum Material: Sendable {
        case p256(P256.Signing.PrivateKey)
        case rsa(_RSA.Signing.PrivateKey)
    }

    /// The JWS `kid`.
    package let kid: String
    /// When it starts signing; it is published from the start.
    package let activatesAt: Date
    /// When it stops signing, if it does; it stays published until its tokens have expired.
    package let retiresAt: Date?
    package let material: Material

    /// Whether it has stopped signing by `time`.
    package func isRetired(at time: Date) -> Bool {
        retiresAt.map { $0 <= time } ?? false
    }

    /// Whether it signs at `time`.
    package func signs(at time: Date) -> Bool {
        activatesAt <= time && !isRetired(at: time)
    }

    /// The algorithm it signs with.
    package var algorithm: SigningAlgorithm {
        switch material {
        case .p256: .es256
        case .rsa: .rs256
        }
    }

    /// A new key for `algorithm`; RSA keys are 2048 bits, as RFC 7518 §3.3 asks at least.
    package static func generate(_ algorithm: SigningAlgorithm, kid: String) throws -> SigningKey {
        switch algorithm {
        case .es256: SigningKey(kid: kid, material: .p256(P256.Signing.PrivateKey()))
        case .rs256: SigningKey(kid: kid, material: .rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048)))
        }
    }

    /// The key from its stored record and unsealed bytes: P-256 raw, RSA as PKCS #1 DER.
    package init(_ record: SigningKeyRecord, bytes: Data) throws {
        kid = record.kid
        activatesAt = record.activation
        retiresAt = record.retiredAt
        switch record.algorithm {
        case .es256: material = .p256(try P256.Signing.PrivateKey(rawRepresentation: bytes))
        case .rs256: material = .rsa(try _RSA.Signing.PrivateKey(derRepresentation: bytes))
        }
    }

    package init(kid: String, activatesAt: Date = .distantPast, retiresAt: Date? = nil, material: Material) {
        self.kid = kid
        self.activatesAt = activatesAt
        self.retiresAt = retiresAt
        self.material = material
    }

    /// The bytes to seal and store.
    package var bytes: Data {
        switch material {
        case .p256(let key): key.rawRepresentation
        case .rsa(let key): key.derRepresentation
        }
    }

    /// Adds the key to a jwt-kit collection under its `kid`.
    package func add(to collection: JWTKeyCollection) async throws {
        let kid = JWKIdentifier(string: kid)
        switch material {
        case .p256(let key): await collection.add(ecdsa: try ES256PrivateKey(backing: key), kid: kid)
        case .rsa(let key): await collection.add(rsa: try Insecure.RSA.PrivateKey(backing: key), digestAlgorithm: .sha256, kid: kid)
        }
    }

    /// Its public half as a JSON Web Key.
    package func jwk() throws -> JWKDocument {
        switch material {
        case .p256(let key): JWKDocument(kid: kid, publicKey: key.publicKey)
        case .rsa(let key): try JWKDocument(kid: kid, publicKey: key.publicKey)
        }
    }
}
