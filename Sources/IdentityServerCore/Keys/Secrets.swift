import CSystemRandom
import Crypto
package import Foundation
import IdentityProtocol

/// Single-use secrets (binding tokens, transaction references, codes, client secrets) and
/// the hashes they are stored under.
package enum Secrets {
    /// 32 random bytes, base64url: 256 bits of entropy.
    package static func token() -> String {
        randomBytes(32).base64URLEncodedString
    }

    /// `count` bytes from the operating system's CSPRNG, asked for at once: `SymmetricKey(size:)`
    /// and `AES.GCM.Nonce()` ask Linux for 8 at a time (measured: 20 `getrandom` calls per sign-in).
    /// Stops the server, as Swift's own generator does, rather than go on without randomness.
    package static func randomBytes(_ count: Int) -> Data {
        var bytes = Data(count: count)
        bytes.withUnsafeMutableBytes { fill($0) }
        return bytes
    }

    private static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let start = buffer.baseAddress else { return }
        guard bi_fill_random(start, buffer.count) == 0 else { fatalError("the system's random number generator failed") }
    }

    /// The SHA-256 under which a secret is stored and looked up.
    package static func hash(_ secret: String) -> Data {
        Data(SHA256.hash(data: Data(secret.utf8)))
    }

    /// Compares two byte strings in time independent of where they differ.
    package static func constantTimeEquals(_ lhs: Data, _ rhs: Data) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// A new OAuth `client_id`: public, pasted into configuration and command lines, so it
    /// has a prefix that says what it is and never starts with `-` (as a bare token may).
    package static func clientID() -> String {
        "bic_" + token()
    }

    /// A new client secret, prefixed so that secret scanners recognize a leaked one.
    package static func clientSecret() -> String {
        "bis_" + token()
    }

    /// A new resource id: a time-ordered (version 7) UUID, lowercase (RFC 9562 §5.7: the
    /// Unix time in milliseconds, then 74 random bits). Ids made one after another sort
    /// together, so each table's index on them takes a new row on its last page, not on a
    /// random one (measured: a third of the pages a sign-in writes were index pages touched for
    /// one random id each). Written here, as Foundation has no version 7 and its `UUID()` opens
    /// `/dev/urandom` at each call on Linux.
    package static func identifier(at date: Date = Date()) -> String {
        let milliseconds = UInt64(min(max(0, date.timeIntervalSince1970 * 1000), Double(1 << 48 - 1)))
        return uuid(version: 7) { uuid in
            for index in 0..<6 { uuid[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index))) }
        }
    }

    /// A new random (version 4) UUID, lowercase: for ids that must not tell when they were
    /// made, such as an identity's, which relying parties see as its `sub`.
    package static func randomIdentifier() -> String {
        uuid(version: 4) { _ in }
    }

    /// 16 random bytes, `stamp`ed, with the `version` and RFC 9562's variant, as text.
    private static func uuid(version: UInt8, _ stamp: (UnsafeMutableRawBufferPointer) -> Void) -> String {
        var bytes: (UInt64, UInt64) = (0, 0)
        return withUnsafeMutableBytes(of: &bytes) { uuid in
            fill(uuid)
            stamp(uuid)
            uuid[6] = uuid[6] & 0x0F | version << 4
            uuid[8] = uuid[8] & 0x3F | 0x80  // variant 10 (RFC 9562 §4.1)
            return String(unsafeUninitializedCapacity: 36) { text in
                var next = 0
                for (index, byte) in uuid.enumerated() {
                    switch index {
                    case 4, 6, 8, 10:
                        text[next] = UInt8(ascii: "-")
                        next += 1
                    default: break
                    }
                    text[next] = hexDigits[Int(byte >> 4)]
                    text[next + 1] = hexDigits[Int(byte & 0x0F)]
                    next += 2
                }
                return next
            }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
