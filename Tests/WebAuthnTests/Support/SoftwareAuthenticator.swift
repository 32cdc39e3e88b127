import Crypto
import Foundation
import IdentityProtocol
import SwiftASN1
import WebAuthn
import X509
import _CryptoExtras

/// An authenticator in the test: makes registrations and assertions as a browser hands them to a
/// relying party (client data JSON, attestation object, authenticator data, signature), with
/// knobs for everything the verifier must refuse.
struct SoftwareAuthenticator {
    enum Key {
        case p256(P256.Signing.PrivateKey)
        case ed25519(Curve25519.Signing.PrivateKey)
        case rsa(_RSA.Signing.PrivateKey)
    }

    /// How a registration is attested.
    enum Attestation {
        case none
        case packedSelf
        /// `packed` with `x5c`: the attestation certificate and its key, and the chain above it.
        case packedCertificate(Certificate, P256.Signing.PrivateKey, intermediates: [Certificate])
        case fidoU2F(Certificate, P256.Signing.PrivateKey)
    }

    let key: Key
    let credentialID = (0..<32).map { _ in UInt8.random(in: 0...255) }
    var aaguid = [UInt8](repeating: 0, count: 16)
    var signCount: UInt32 = 0
    var flags: AuthenticatorFlags = [.userPresent, .userVerified]
    var origin = "https://id.example.com"
    var rpID = "id.example.com"
    var crossOrigin = false

    init(_ key: Key = .p256(P256.Signing.PrivateKey())) { self.key = key }

    var algorithm: COSEAlgorithm {
        switch key {
        case .p256: .es256
        case .ed25519: .eddsa
        case .rsa: .rs256
        }
    }

    /// The credential's public key as COSE_Key.
    var coseKey: CBOR {
        switch key {
        case .p256(let key):
            let point = Array(key.publicKey.x963Representation)
            return .map([(.int(1), .int(2)), (.int(3), .int(-7)), (.int(-1), .int(1)), (.int(-2), .bytes(Array(point[1...32]))),
                         (.int(-3), .bytes(Array(point[33...])))])
        case .ed25519(let key):
            return .map([(.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(6)), (.int(-2), .bytes(Array(key.publicKey.rawRepresentation)))])
        case .rsa(let key):
            let primitives = try! key.publicKey.getKeyPrimitives()
            return .map([(.int(1), .int(3)), (.int(3), .int(-257)), (.int(-1), .bytes(Array(primitives.modulus))),
                         (.int(-2), .bytes(Array(primitives.publicExponent)))])
        }
    }

    func sign(_ data: [UInt8]) -> [UInt8] {
        switch key {
        case .p256(let key): Array(try! key.signature(for: data).derRepresentation)
        case .ed25519(let key): Array(try! key.signature(for: data))
        case .rsa(let key): Array(try! key.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation)
        }
    }

    func clientData(_ type: String, _ challenge: [UInt8]) -> [UInt8] {
        Array(#"{"type":"\#(type)","challenge":"\#(Data(challenge).base64URLEncodedString)","origin":"\#(origin)","crossOrigin":\#(crossOrigin)}"#.utf8)
    }

    func authenticatorData(flags: AuthenticatorFlags, attested: Bool) -> [UInt8] {
        var bytes = Array(SHA256.hash(data: Array(rpID.utf8))) + [flags.rawValue] + CBOR.bigEndian(UInt64(signCount), 4)
        if attested {
            bytes += aaguid + CBOR.bigEndian(UInt64(credentialID.count), 2) + credentialID + coseKey.encoded
        }
        return bytes
    }

    /// A registration for `challenge`: its client data JSON and attestation object.
    func register(_ challenge: [UInt8], attestation: Attestation = .none) -> (clientDataJSON: [UInt8], attestationObject: [UInt8]) {
        let clientData = clientData("webauthn.create", challenge)
        let authData = authenticatorData(flags: flags.union(.attestedCredentialData), attested: true)
        let signed = authData + Array(SHA256.hash(data: clientData))
        let (format, statement): (String, CBOR) = switch attestation {
        case .none: ("none", .map([]))
        case .packedSelf: ("packed", .map([(.text("alg"), .int(algorithm.rawValue)), (.text("sig"), .bytes(sign(signed)))]))
        case .packedCertificate(let certificate, let key, let intermediates):
            ("packed", .map([
                (.text("alg"), .int(-7)), (.text("sig"), .bytes(Array(try! key.signature(for: signed).derRepresentation))),
                (.text("x5c"), .array(([certificate] + intermediates).map { .bytes(Self.der($0)) })),
            ]))
        case .fidoU2F(let certificate, let key):
            ("fido-u2f", .map([
                (.text("sig"), .bytes(Array(try! key.signature(for: u2fSigned(clientData)).derRepresentation))),
                (.text("x5c"), .array([.bytes(Self.der(certificate))])),
            ]))
        }
        let object: CBOR = .map([(.text("fmt"), .text(format)), (.text("attStmt"), statement), (.text("authData"), .bytes(authData))])
        return (clientData, object.encoded)
    }

    /// What a fido-u2f key signs at registration (WebAuthn §8.6).
    func u2fSigned(_ clientData: [UInt8]) -> [UInt8] {
        guard case .p256(let key) = key else { return [] }
        return [0x00] + Array(SHA256.hash(data: Array(rpID.utf8))) + Array(SHA256.hash(data: clientData)) + credentialID
            + Array(key.publicKey.x963Representation)
    }

    /// An assertion for `challenge`, counting one more signature.
    mutating func assert(_ challenge: [UInt8]) -> (clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8]) {
        signCount &+= 1
        let clientData = clientData("webauthn.get", challenge)
        let authData = authenticatorData(flags: flags, attested: false)
        return (clientData, authData, sign(authData + Array(SHA256.hash(data: clientData))))
    }

    static func der(_ certificate: Certificate) -> [UInt8] {
        var serializer = DER.Serializer()
        try! serializer.serialize(certificate)
        return serializer.serializedBytes
    }
}
