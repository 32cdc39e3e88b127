public import Crypto
package import Foundation

/// RFC 7638 JWK thumbprints of P-256 keys: the SHA-256 of the required members (`crv`, `kty`,
/// `x`, `y`) in lexicographic order without whitespace, base64url. What `cnf.jkt` holds
/// (RFC 9449 §6.1), so the server, the SDK and resource servers must compute it the same way.
public enum JWKThumbprint {
    /// The thumbprint of `key`.
    public static func of(_ key: P256.Signing.PublicKey) -> String {
        let raw = key.rawRepresentation
        return of(x: raw.prefix(32), y: raw.suffix(32))
    }

    /// The thumbprint of the P-256 key whose coordinates are `x` and `y` (32 bytes each, as a
    /// key's raw representation holds them): no key to export them from again.
    package static func of(x: Data, y: Data) -> String {
        let canonical = #"{"crv":"P-256","kty":"EC","x":"\#(x.base64URLEncodedString)","y":"\#(y.base64URLEncodedString)"}"#
        return Data(SHA256.hash(data: Data(canonical.utf8))).base64URLEncodedString
    }
}
