import _CryptoExtras
import Crypto
import Foundation
import IdentityProtocol
import IdentityStorage
import JWTKit

/// Signs and verifies a realm's JWTs and publishes its keys as a JWKS: ES256 for every token,
/// RS256 for the ID tokens of applications that ask for it.
///
/// Verification rejects a token whose `kid` is not one of the realm's keys (jwt-kit's key
/// collection would otherwise fall back to its default key), and one whose `alg` is not its
/// key's algorithm.
struct RealmSigner: Sendable {
    private let collection: JWTKeyCollection
    /// The `kid` of the newest unretired key of each algorithm, which signs.
    let activeKIDs: [SigningAlgorithm: String]
    /// Every published key id, with its algorithm.
    let algorithms: [String: SigningAlgorithm]
    /// The JSON Web Key Set document (RFC 7517), encoded once.
    let jwksJSON: Data

    /// Builds a signer over keys listed newest first; it needs an active ES256 key.
    init(keys: [SigningKey]) async throws {
        var active: [SigningAlgorithm: String] = [:]
        for key in keys where !key.retired && active[key.algorithm] == nil { active[key.algorithm] = key.kid }
        guard active[.es256] != nil else { throw SignerError.noActiveKey }
        let collection = JWTKeyCollection()
        for key in keys { try await key.add(to: collection) }
        self.collection = collection
        self.activeKIDs = active
        self.algorithms = Dictionary(keys.map { ($0.kid, $0.algorithm) }, uniquingKeysWith: { first, _ in first })
        self.jwksJSON = try JSONEncoder().encode(JWKSDocument(keys: keys.map { try $0.jwk() }))
    }

    /// Signs `payload` with the active key of `algorithm`; `type` goes in the `typ` header.
    func sign(_ payload: some JWTPayload, type: String, algorithm: SigningAlgorithm = .es256) async throws -> String {
        guard let kid = activeKIDs[algorithm] else { throw SignerError.noActiveKey }
        var header = JWTHeader()
        header.typ = type
        return try await collection.sign(payload, kid: JWKIdentifier(string: kid), header: header)
    }

    /// Verifies signature and claims of a token signed by one of this realm's keys with the
    /// `typ` header `type`.
    func verify<Payload: JWTPayload>(_ token: String, as: Payload.Type, type: String) async throws -> Payload {
        let header = try JWTHeaderPeek(token)
        guard let kid = header.kid else { throw SignerError.malformed }
        guard let algorithm = algorithms[kid] else { throw SignerError.unknownKey }
        guard header.typ?.lowercased() == type.lowercased(), header.alg == algorithm.rawValue else { throw SignerError.wrongType }
        return try await collection.verify(token, as: Payload.self)
    }

    enum SignerError: Error {
        case noActiveKey, unknownKey, wrongType, malformed
    }
}

/// The protected header of a compact JWS, read before verification to choose the key.
struct JWTHeaderPeek: Decodable {
    let alg: String?
    let kid: String?
    let typ: String?

    init(_ token: String) throws {
        // A header that does not read is malformed, not a key we might have missed: it must not
        // make the keyring reload the realm's keys.
        guard let first = token.split(separator: ".", omittingEmptySubsequences: false).first,
              let json = Data(base64URLEncoded: String(first)),
              let header = try? JSONDecoder().decode(Self.self, from: json)
        else { throw RealmSigner.SignerError.malformed }
        self = header
    }
}

/// A JSON Web Key Set.
struct JWKSDocument: Codable {
    let keys: [JWKDocument]
}

/// A public JSON Web Key (RFC 7517): P-256 (RFC 7518 §6.2) or RSA (§6.3).
struct JWKDocument: Codable {
    let kty: String
    let crv: String?
    let x: String?
    let y: String?
    let n: String?
    let e: String?
    let kid: String
    let use: String
    let alg: String

    init(kid: String, publicKey: P256.Signing.PublicKey) {
        let raw = publicKey.rawRepresentation
        self.init(kty: "EC", crv: "P-256", x: raw.prefix(32), y: raw.suffix(32), n: nil, e: nil, kid: kid, alg: .es256)
    }

    init(kid: String, publicKey: _RSA.Signing.PublicKey) throws {
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
