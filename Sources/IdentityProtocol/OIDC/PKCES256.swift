import Foundation
import Crypto

/// PKCE with the `S256` method (RFC 7636 §4.2).
public enum PKCES256 {
    /// The method name.
    public static let method = "S256"

    /// `BASE64URL(SHA256(ASCII(verifier)))`.
    public static func challenge(for verifier: String) -> String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64URLEncodedString
    }

    /// Whether a verifier has the form RFC 7636 §4.1 requires: 43–128 characters of
    /// `[A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~"`.
    public static func isWellFormedVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && verifier.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                true
            default:
                false
            }
        }
    }

    /// A fresh verifier: 32 random bytes, base64url (43 characters).
    public static func makeVerifier() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64URLEncodedString
    }
}
