import Crypto
import _CryptoExtras
import Foundation
import X509

/// A credential's public key, from its COSE_Key encoding (RFC 9052 §7; WebAuthn §6.5.1.1):
/// EC2 P-256 for ES256, OKP Ed25519 for EdDSA, RSA for RS256. Any other key type, curve or
/// algorithm is refused, as is a key whose parameters do not agree with its algorithm.
public struct COSEKey: Sendable {
    private enum Key {
        case p256(P256.Signing.PublicKey)
        case ed25519(Curve25519.Signing.PublicKey)
        case rsa(_RSA.Signing.PublicKey)
    }

    public let algorithm: COSEAlgorithm
    private let key: Key

    /// COSE_Key labels and values (RFC 9052 §7.1, RFC 9053 §7).
    private enum Label {
        static let keyType = 1, algorithm = 3
        static let curve = -1, x = -2, y = -3
        static let modulus = -1, exponent = -2
    }

    /// Parses the COSE_Key encoded in `bytes` (nothing may follow it).
    public init(bytes: [UInt8]) throws(WebAuthnError) {
        let item: CBOR
        do {
            item = try CBORDecoder().decode(bytes)
        } catch {
            throw .malformed("credential public key: \(error)")
        }
        try self.init(item)
    }

    /// Parses a decoded COSE_Key.
    public init(_ item: CBOR) throws(WebAuthnError) {
        guard let map = item.map, let keyType = map[Label.keyType]?.integer, let alg = map[Label.algorithm]?.integer else {
            throw .malformed("credential public key is not a COSE key with a type and an algorithm")
        }
        guard let algorithm = COSEAlgorithm(rawValue: alg) else { throw .unsupportedAlgorithm(alg) }
        self.algorithm = algorithm
        do {
            switch (algorithm, keyType) {
            case (.es256, 2):
                guard map[Label.curve]?.integer == 1, let x = map[Label.x]?.bytes, let y = map[Label.y]?.bytes,
                      x.count == 32, y.count == 32
                else { throw WebAuthnError.malformed("ES256 key is not a P-256 point") }
                key = .p256(try P256.Signing.PublicKey(x963Representation: [0x04] + x + y))
            case (.eddsa, 1):
                guard map[Label.curve]?.integer == 6, let x = map[Label.x]?.bytes, x.count == 32
                else { throw WebAuthnError.malformed("EdDSA key is not an Ed25519 key") }
                guard Self.isCanonicalEd25519Point(x), !Self.hasSmallOrder(x) else {
                    throw WebAuthnError.malformed("EdDSA key is a point of small order or not canonical")
                }
                key = .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: x))
            case (.rs256, 3):
                guard let n = map[Label.modulus]?.bytes, let e = map[Label.exponent]?.bytes, !e.isEmpty, e.count <= 4
                else { throw WebAuthnError.malformed("RS256 key has no modulus and exponent") }
                let rsa = try _RSA.Signing.PublicKey(n: n, e: e)
                guard rsa.keySizeInBits >= 2048 else { throw WebAuthnError.malformed("RS256 key is shorter than 2048 bits") }
                key = .rsa(rsa)
            default:
                throw WebAuthnError.malformed("\(algorithm) key has key type \(keyType)")
            }
        } catch let error as WebAuthnError {
            throw error
        } catch {
            throw .malformed("credential public key is not a point or key of its kind")
        }
    }

    /// The encodings of Ed25519's points of small order (libsodium's list; the sign bit is not
    /// compared): a key among them lets a signature of zeros "verify" (cofactorless verification
    /// accepts it), so no such key is taken.
    private static let smallOrderEd25519: [[UInt8]] = [
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    ].map { hex in stride(from: 0, to: 64, by: 2).map { UInt8(hex.dropFirst($0).prefix(2), radix: 16)! } }

    static func hasSmallOrder(_ x: [UInt8]) -> Bool {
        smallOrderEd25519.contains { point in x[0..<31] == point[0..<31] && x[31] & 0x7F == point[31] }
    }

    /// Whether `x` encodes its y coordinate below p = 2²⁵⁵ − 19 (RFC 8032 §5.1.3).
    static func isCanonicalEd25519Point(_ x: [UInt8]) -> Bool {
        !(x[31] & 0x7F == 0x7F && x[1..<31].allSatisfy { $0 == 0xFF } && x[0] >= 0xED)
    }

    /// An attestation certificate's key, used with `algorithm` (which must suit it).
    init(certificate: Certificate, algorithm: COSEAlgorithm) throws(WebAuthnError) {
        self.algorithm = algorithm
        switch algorithm {
        case .es256:
            guard let key = P256.Signing.PublicKey(certificate.publicKey) else { throw .attestationInvalid("certificate key is not P-256") }
            self.key = .p256(key)
        case .eddsa:
            guard let key = Curve25519.Signing.PublicKey(certificate.publicKey) else {
                throw .attestationInvalid("certificate key is not Ed25519")
            }
            self.key = .ed25519(key)
        case .rs256:
            guard let key = _RSA.Signing.PublicKey(certificate.publicKey), key.keySizeInBits >= 2048 else {
                throw .attestationInvalid("certificate key is not RSA of 2048 bits or more")
            }
            self.key = .rsa(key)
        }
    }

    /// Whether `signature` is this key's over `data`: a DER ECDSA signature for ES256, a
    /// 64-byte one for EdDSA, a PKCS #1 v1.5 one for RS256.
    public func isValidSignature(_ signature: [UInt8], for data: [UInt8]) -> Bool {
        switch key {
        case .p256(let key):
            guard let signature = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(signature, for: data)
        case .ed25519(let key):
            return key.isValidSignature(signature, for: data)
        case .rsa(let key):
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .insecurePKCS1v1_5)
        }
    }

    /// The P-256 point as `04 || x || y`, for fido-u2f's signed data; `nil` for other keys.
    var uncompressedP256Point: [UInt8]? {
        if case .p256(let key) = key { Array(key.x963Representation) } else { nil }
    }
}
