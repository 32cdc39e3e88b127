import Crypto
import Foundation

/// The 9-digit codes of extension sessions: uniformly random from the system's CSPRNG, stored
/// only as an HMAC-SHA256 under a key derived from the master key. (A plain hash of one of
/// 10⁹ values would be reversed in seconds by whoever reads the database.)
struct ExtensionCodes: Sendable {
    private let key: SymmetricKey

    /// Derives the code key from the server's master key.
    init(masterKey: SymmetricKey) {
        key = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: masterKey, info: Data("bi-extension-code-v1".utf8), outputByteCount: 32)
    }

    /// A new code: 9 decimal digits, each of the 10⁹ values equally likely.
    static func random() -> String {
        let value = UInt32.random(in: 0..<1_000_000_000)  // SystemRandomNumberGenerator: getrandom(2)
        let digits = String(value)
        return String(repeating: "0", count: 9 - digits.count) + digits
    }

    /// Whether `code` has the shape of a code: exactly 9 ASCII digits.
    static func isWellFormed(_ code: String) -> Bool {
        code.utf8.count == 9 && code.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The value a code is stored and looked up under.
    func hash(_ code: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(code.utf8), using: key))
    }
}
