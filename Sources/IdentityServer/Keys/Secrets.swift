import Crypto
import Foundation
import IdentityProtocol

/// Single-use secrets (binding tokens, transaction references, codes, client secrets) and
/// the hashes they are stored under.
enum Secrets {
    /// 32 random bytes, base64url: 256 bits of entropy.
    static func token() -> String {
        Data(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }).base64URLEncodedString
    }

    /// The SHA-256 under which a secret is stored and looked up.
    static func hash(_ secret: String) -> Data {
        Data(SHA256.hash(data: Data(secret.utf8)))
    }

    /// Compares two byte strings in time independent of where they differ.
    static func constantTimeEquals(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A new OAuth `client_id`: public, pasted into configuration and command lines, so it
    /// has a prefix that says what it is and never starts with `-` (as a bare token may).
    static func clientID() -> String {
        "bic_" + token()
    }

    /// A new client secret, prefixed so that secret scanners recognize a leaked one.
    static func clientSecret() -> String {
        "bis_" + token()
    }

    /// A new resource id.
    static func identifier() -> String {
        UUID().uuidString.lowercased()
    }
}
