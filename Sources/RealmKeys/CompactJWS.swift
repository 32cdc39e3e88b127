package import Foundation
import IdentityProtocol

/// The three parts of a compact JWS (RFC 7515 §7.1), each unpadded base64url (§2), read apart;
/// anything else, or more than ``RealmSigner/maxTokenLength`` bytes, is
/// ``RealmSigner/SignerError/malformed``.
package struct CompactJWS {
    /// The header and payload as they were signed (`BASE64URL(header) '.' BASE64URL(payload)`).
    package let signingInput: Data
    package let signature: Data
    private let payloadJSON: Data

    package init(_ token: String) throws {
        let bytes = token.utf8
        guard bytes.count <= RealmSigner.maxTokenLength else { throw RealmSigner.SignerError.malformed }
        let dot = UInt8(ascii: ".")
        guard !bytes.contains(UInt8(ascii: "=")),
              let headerEnd = bytes.firstIndex(of: dot), let signatureStart = bytes.lastIndex(of: dot), headerEnd != signatureStart,
              let signature = Data(base64URLEncoded: String(token[bytes.index(after: signatureStart)...])),
              let json = Data(base64URLEncoded: String(token[bytes.index(after: headerEnd)..<signatureStart]))
        else { throw RealmSigner.SignerError.malformed }
        (signingInput, self.signature, payloadJSON) = (Data(bytes[..<signatureStart]), signature, json)
    }

    /// The payload as `Payload`, read without `JSONDecoder` where it can be (``CompactReadable``).
    package func payload<Payload: Decodable>() throws -> Payload {
        if let read = CompactJSON.value(Payload.self, from: payloadJSON) { return read }
        do {
            return try Self.decoder.decode(Payload.self, from: payloadJSON)
        } catch {
            throw RealmSigner.SignerError.malformed
        }
    }

    /// Dates as seconds since 1970 (RFC 7519 §2, NumericDate), as jwt-kit reads them.
    private static let decoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()
}
