package import _CryptoExtras
package import Crypto
package import Foundation
package import IdentityProtocol
package import IdentityStorage
package import JWTKit
import Synchronization
import IdentityServerCore
import ServerTracing
import Tracing

/// Signs and verifies a realm's JWTs and publishes its keys as a JWKS: ES256 for every token,
/// RS256 for the ID tokens of applications that ask for it.
///
/// Keys rotate: a new key is published before it signs (``SigningKey/activatesAt``), and the
/// key it replaces stops signing then but stays published (and verifies) for
/// `retiredKeysPublishedFor`, as long as the tokens it signed live. Which key signs and which
/// are published is decided at each call, on the injected clock.
///
/// Verification rejects a token whose `kid` is not one of the realm's published keys (jwt-kit's
/// key collection would otherwise fall back to its default key), and one whose `alg` is not its
/// key's algorithm.
package struct RealmSigner: Sendable {
    private let collection: JWTKeyCollection
    /// The ES256 keys by key id, which verify their tokens without jwt-kit's collection.
    private let es256: [String: ES256Algorithm]
    /// Newest first.
    private let keys: [SigningKey]
    private let retiredKeysPublishedFor: TimeInterval
    private let now: @Sendable () -> Date
    /// The last JWKS document encoded, and the keys it lists.
    private let published = LastDocument()

    /// A JWKS document kept with the key ids it lists (shared by the signer's copies).
    private final class LastDocument: Sendable {
        let value = Mutex<(kids: [String], json: Data)>(([], Data()))
    }

    /// Builds a signer over keys listed newest first; it needs an ES256 key that signs now or
    /// will.
    package init(
        keys: [SigningKey], retiredKeysPublishedFor: TimeInterval = 0, now: @escaping @Sendable () -> Date = { Date() }
    ) async throws {
        let time = now()
        guard keys.contains(where: { $0.algorithm == .es256 && !$0.isRetired(at: time) }) else {
            throw SignerError.noActiveKey
        }
        let collection = JWTKeyCollection()
        for key in keys { try await key.add(to: collection) }
        self.collection = collection
        es256 = Dictionary(keys.compactMap { key in
            guard case .p256(let privateKey) = key.material else { return nil }
            return (key.kid, ES256Algorithm(privateKey))
        }, uniquingKeysWith: { first, _ in first })
        self.keys = keys
        self.retiredKeysPublishedFor = retiredKeysPublishedFor
        self.now = now
    }

    /// The key of `algorithm` that signs now: the newest one activated and not retired.
    package func activeKey(_ algorithm: SigningAlgorithm) -> SigningKey? {
        let time = now()
        return keys.filter { $0.algorithm == algorithm && $0.signs(at: time) }.max { $0.activatesAt < $1.activatesAt }
    }

    /// The JSON Web Key Set document (RFC 7517) of the keys published now: those that sign or
    /// will, and retired ones whose tokens may still be alive. Encoded once per set of keys.
    package var jwksJSON: Data {
        get throws {
            let listed = publishedKeys()
            let kids = listed.map(\.kid)
            if let cached = published.value.withLock({ $0.kids == kids ? $0.json : nil }) { return cached }
            // Keys sorted: every instance serves the same bytes (a JWK's members have no order of their own).
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let json = try encoder.encode(JWKSDocument(keys: listed.map { try $0.jwk() }))
            published.value.withLock { $0 = (kids, json) }
            return json
        }
    }

    /// Signs `payload` with the active key of `algorithm`; `type` goes in the `typ` header.
    /// Access and ID tokens signed with ES256, most of what the server signs, are written and
    /// signed here directly (``HandWrittenClaims``, swift-crypto); anything else by jwt-kit.
    package func sign(_ payload: some JWTPayload, type: String, algorithm: SigningAlgorithm = .es256) async throws -> String {
        guard let key = activeKey(algorithm) else { throw SignerError.noActiveKey }
        return try await Traces.span("sign \(type)") { span in
            span.attributes["bi.jwt.alg"] = algorithm.rawValue
            if let claims = payload as? any HandWrittenClaims, case .p256(let privateKey) = key.material {
                return try Self.signES256(claims, kid: key.kid, type: type, with: privateKey)
            }
            var header = JWTHeader()
            header.typ = type
            return try await collection.sign(payload, kid: JWKIdentifier(string: key.kid), header: header)
        }
    }

    /// A compact JWS (RFC 7515 §7.1) of `claims`, ES256 (RFC 7518 §3.4: the signature is R and S,
    /// 32 bytes each).
    package static func signES256(
        _ claims: any HandWrittenClaims, kid: String, type: String, with key: P256.Signing.PrivateKey
    ) throws -> String {
        var header = JSONObjectWriter()
        header.add("alg", SigningAlgorithm.es256.rawValue)
        header.add("kid", kid)
        header.add("typ", type)
        var payload = JSONObjectWriter()
        claims.writeClaims(to: &payload)
        let input = Data(header.json.utf8).base64URLEncodedString + "." + Data(payload.json.utf8).base64URLEncodedString
        let signature = try key.signature(for: Data(input.utf8))
        return input + "." + signature.rawRepresentation.base64URLEncodedString
    }

    /// Verifies signature and claims of a token signed by one of this realm's published keys
    /// with the `typ` header `type`.
    package func verify<Payload: JWTPayload>(_ token: String, as: Payload.Type, type: String) async throws -> Payload {
        try await verifySignature(token, as: Payload.self, key: try publishedKey(of: token, type: type))
    }

    /// Verifies a token this realm may have issued, by the SHA-256 of it the issuer kept when it
    /// signed it. Once the token's key is one the realm still publishes, and its type and
    /// algorithm are as ``verify(_:as:type:)`` requires, `issuedHash` looks the hash up for the
    /// claims, not yet authentic (it throws ``SignerError/notIssued`` for a token the issuer has
    /// no record of). A token of exactly the bytes hashed was signed here, so no signature is
    /// checked then, and a hash that differs is a failed signature; where the record has no hash
    /// (a token from before hashes were kept), or the key is not ES256, the signature decides.
    package func verify<Payload: JWTPayload>(
        _ token: String, as: Payload.Type, type: String, issuedHash: @Sendable (Payload) async throws -> Data?
    ) async throws -> Payload {
        let key = try publishedKey(of: token, type: type)
        let payload: Payload = try CompactJWS(token).payload()
        guard let hash = try await issuedHash(payload), let algorithm = es256[key.kid] else {
            return try await verifySignature(token, as: Payload.self, key: key)
        }
        guard Secrets.constantTimeEquals(hash, Secrets.hash(token)) else { throw JWTError.signatureVerificationFailed }
        try await payload.verify(using: algorithm)
        return payload
    }

    /// The published key a token names, once its length, `typ` and `alg` pass.
    private func publishedKey(of token: String, type: String) throws -> SigningKey {
        guard token.utf8.count <= Self.maxTokenLength else { throw SignerError.malformed }
        let header = try JWTHeaderPeek(token)
        guard let kid = header.kid else { throw SignerError.malformed }
        guard let key = publishedKeys().first(where: { $0.kid == kid }) else { throw SignerError.unknownKey }
        guard header.typ?.lowercased() == type.lowercased(), header.alg == key.algorithm.rawValue else { throw SignerError.wrongType }
        return key
    }

    private func verifySignature<Payload: JWTPayload>(_ token: String, as: Payload.Type, key: SigningKey) async throws -> Payload {
        let kid = key.kid
        if key.algorithm == .es256, let algorithm = es256[kid] { return try await algorithm.verifiedPayload(of: token, as: Payload.self) }
        do {
            return try await collection.verify(token, as: Payload.self)
        } catch let error as JWTError {
            throw error
        } catch {
            // jwt-kit reads the token without I/O, so anything else it throws (a signature cut
            // short or emptied, base64url that is not) is malformed input, never a server fault.
            throw SignerError.malformed
        }
    }

    /// The longest token read, in bytes (the most a request's header fields hold together): one
    /// of ours is a kilobyte or two, its `groups` claim included; a longer one is malformed
    /// before any of it is decoded.
    package static let maxTokenLength = 16 * 1024

    private func publishedKeys() -> [SigningKey] {
        let time = now()
        return keys.filter { key in key.retiresAt.map { $0.addingTimeInterval(retiredKeysPublishedFor) > time } ?? true }
    }

    package enum SignerError: Error {
        case noActiveKey, unknownKey, wrongType, malformed
        /// The issuer has no record of the token: never one of its own, whatever it claims.
        case notIssued
    }
}

/// The protected header of a compact JWS, read before verification to choose the key.
package struct JWTHeaderPeek: CompactReadable {
    package let alg: String?
    package let kid: String?
    package let typ: String?

    package init(_ token: String) throws {
        // A header that does not read is malformed, not a key we might have missed: it must not
        // make the keyring reload the realm's keys.
        let headerEnd = token.utf8.firstIndex(of: UInt8(ascii: ".")) ?? token.endIndex
        guard let json = Data(base64URLEncoded: String(token[..<headerEnd])),
              let header = Self.read(from: json, decoder: Self.decoder)
        else { throw RealmSigner.SignerError.malformed }
        self = header
    }

    private static let decoder = JSONDecoder()

    /// The header's members; one that is not a string is left to the decoder, which refuses it.
    package init?(compact json: CompactJSON) {
        guard let alg = json.optionalMember("alg", \.string), let kid = json.optionalMember("kid", \.string),
              let typ = json.optionalMember("typ", \.string)
        else { return nil }
        (self.alg, self.kid, self.typ) = (alg, kid, typ)
    }
}

/// A JSON Web Key Set.
package struct JWKSDocument: Codable {
    package let keys: [JWKDocument]
}

/// A public JSON Web Key (RFC 7517): P-256 (RFC 7518 §6.2) or RSA (§6.3).
package struct JWKDocument: Codable {
    package let kty: String
    package let crv: String?
    package let x: String?
    package let y: String?
    package let n: String?
    package let e: String?
    package let kid: String
    package let use: String
    package let alg: String

    package init(kid: String, publicKey: P256.Signing.PublicKey) {
        let raw = publicKey.rawRepresentation
        self.init(kty: "EC", crv: "P-256", x: raw.prefix(32), y: raw.suffix(32), n: nil, e: nil, kid: kid, alg: .es256)
    }

    package init(kid: String, publicKey: _RSA.Signing.PublicKey) throws {
        let primitives = try publicKey.getKeyPrimitives()
        self.init(
            kty: "RSA", crv: nil, x: nil, y: nil, n: primitives.modulus, e: primitives.publicExponent, kid: kid, alg: .rs256)
    }

    private init(
        kty: String, crv: String?, x: Data?, y: Data?, n: Data?, e: Data?, kid: String, alg: SigningAlgorithm
    ) {
        self.kty = kty
        self.crv = crv
        self.x = x?.base64URLEncodedString
        self.y = y?.base64URLEncodedString
        self.n = n?.base64URLEncodedString
        self.e = e?.base64URLEncodedString
        self.kid = kid
        self.use = "sig"
        self.alg = alg.rawValue
    }
}
