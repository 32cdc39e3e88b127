package import Crypto
package import Foundation
import IdentityServerCore

/// Codes of a fixed number of decimal digits that people type (a second device's 9-digit
/// extension code, an 8-digit email code): uniformly random from the system's CSPRNG, stored
/// only as an HMAC-SHA256 under a key derived from the master key for their purpose (a plain
/// hash of one of 10⁹ values would be reversed in seconds by whoever reads the database).
package struct DigitCodes: Sendable {
    private let key: SymmetricKey
    /// How many digits a code has.
    package let digits: Int

    /// Derives the code key for `purpose` from the server's master key.
    package init(masterKey: SymmetricKey, purpose: String, digits: Int) {
        key = HKDF<SHA256>.deriveKey(inputKeyMaterial: masterKey, info: Data(purpose.utf8), outputByteCount: 32)
        self.digits = digits
    }

    /// The second device's codes: 9 digits.
    package static func extensionCodes(masterKey: SymmetricKey) -> Self {
        Self(masterKey: masterKey, purpose: "bi-extension-code-v1", digits: 9)
    }

    /// Email one-time codes: 8 digits (a guesser gets a few tries a day per address: 10⁸ keeps
    /// that hopeless for years; docs/protocol.md, "Email one-time codes").
    package static func emailCodes(masterKey: SymmetricKey) -> Self {
        Self(masterKey: masterKey, purpose: "bi-email-code-v1", digits: 8)
    }

    /// A new code, each of its 10^digits values equally likely.
    package func random() -> String {
        let bound = (0..<digits).reduce(UInt64(1)) { value, _ in value * 10 }
        let text = String(UInt64.random(in: 0..<bound))  // SystemRandomNumberGenerator: getrandom(2)
        return String(repeating: "0", count: digits - text.count) + text
    }

    /// Whether `code` has the shape of a code: exactly ``digits`` ASCII digits.
    package func isWellFormed(_ code: String) -> Bool {
        code.utf8.count == digits && code.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// The value a code is stored and looked up under.
    package func hash(_ code: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(code.utf8), using: key))
    }
}
