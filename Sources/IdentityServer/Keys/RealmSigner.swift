import Crypto
import Foundation
import IdentityProtocol
import JWTKit

/// Signs and verifies a realm's JWTs (ES256) and publishes its keys as a JWKS.
///
/// Verification rejects a token whose `kid` is not one of the realm's keys: jwt-kit's key
/// collection would otherwise fall back to its default key.
struct RealmSigner: Sendable {
    private let collection: JWTKeyCollection
    /// The `kid` of the newest unretired key, which signs.
    let activeKID: String
    /// Every published key id.
    let kids: Set<String>
    /// The JSON Web Key Set document (RFC 7517), encoded once.
    let jwksJSON: Data

    /// Builds a signer over keys listed newest first.
    init(keys: [(kid: String, retired: Bool, key: P256.Signing.PrivateKey)]) async throws {
        guard let active = keys.first(where: { !$0.retired }) else { throw SignerError.noActiveKey }
        let collection = JWTKeyCollection()
        for entry in keys {
            await collection.add(ecdsa: try ES256PrivateKey(backing: entry.key), kid: JWKIdentifier(string: entry.kid))
        }
        self.collection = collection
        self.activeKID = active.kid
        self.kids = Set(keys.map(\.kid))
        self.jwksJSON = try JSONEncoder().encode(JWKSDocument(keys: keys.map { JWKDocument(kid: $0.kid, publicKey: $0.key.publicKey) }))
    }

    /// Signs `payload` with the active key; `type` goes in the `typ` header.
    func sign(_ payload: some JWTPayload, type: String) async throws -> String {
        var header = JWTHeader()
        header.typ = type
        return try await collection.sign(payload, kid: JWKIdentifier(string: activeKID), header: header)
    }

    /// Verifies signature and claims of a token signed by one of this realm's keys with the
    /// `typ` header `type`.
    func verify<Payload: JWTPayload>(_ token: String, as: Payload.Type, type: String) async throws -> Payload {
        let header = try JWTHeaderPeek(token)
        guard let kid = header.kid else { throw SignerError.malformed }
        guard kids.contains(kid) else { throw SignerError.unknownKey }
        guard header.typ?.lowercased() == type.lowercased(), header.alg == "ES256" else { throw SignerError.wrongType }
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

/// A P-256 public JSON Web Key (RFC 7517, RFC 7518 §6.2).
struct JWKDocument: Codable {
    let kty: String
    let crv: String
    let x: String
    let y: String
    let kid: String
    let use: String
    let alg: String

    init(kid: String, publicKey: P256.Signing.PublicKey) {
        let raw = publicKey.rawRepresentation
        self.kty = "EC"
        self.crv = "P-256"
        self.x = raw.prefix(32).base64URLEncodedString
        self.y = raw.suffix(32).base64URLEncodedString
        self.kid = kid
        self.use = "sig"
        self.alg = "ES256"
    }
}
