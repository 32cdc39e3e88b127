package import Crypto
package import Foundation
import IdentityServerCore

/// The codes of cross-device sign-ins: 8 letters (`BCDF-GHJK`) from the 20 consonants that
/// survive being read aloud and typed (RFC 8628 §6.1's alphabet), about 34.6 bits. A code is
/// derived from its sign-in's id under a key of the master key, so the page can show it again
/// without it being stored; it is looked up by another keyed hash (a plain hash of one of 20⁸
/// values would be reversed by whoever reads the database).
package struct CrossDeviceCodes: Sendable {
    private let derivationKey: SymmetricKey
    private let lookupKey: SymmetricKey
    private static let alphabet = Array("BCDFGHJKLMNPQRSTVWXZ")
    private static let length = 8

    /// Derives both keys from the server's master key.
    package init(masterKey: SymmetricKey) {
        derivationKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: masterKey, info: Data("bi-cross-device-code-v1".utf8), outputByteCount: 32)
        lookupKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: masterKey, info: Data("bi-cross-device-lookup-v1".utf8), outputByteCount: 32)
    }

    /// The code of the sign-in `id`, as shown: `XXXX-XXXX`.
    package func code(forSignIn id: String) -> String {
        let letters = letters(forSignIn: id)
        return String(letters.prefix(4)) + "-" + String(letters.dropFirst(4))
    }

    /// The value the code of the sign-in `id` is stored under.
    package func lookupHash(forSignIn id: String) -> Data {
        lookupHash(letters: letters(forSignIn: id))
    }

    private func letters(forSignIn id: String) -> String {
        var value = HMAC<SHA256>.authenticationCode(for: Data(id.utf8), using: derivationKey)
            .withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        var letters: [Character] = []
        for _ in 0..<Self.length {
            letters.append(Self.alphabet[Int(value % UInt64(Self.alphabet.count))])
            value /= UInt64(Self.alphabet.count)
        }
        return String(letters)
    }

    /// The value a code is stored and looked up under; `nil` when `text` is not a code (case,
    /// spaces and dashes aside).
    package func hash(_ text: String) -> Data? {
        let letters = text.uppercased().filter { $0 != "-" && $0 != " " }
        guard letters.count == Self.length, letters.allSatisfy(Self.alphabet.contains) else { return nil }
        return lookupHash(letters: letters)
    }

    private func lookupHash(letters: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(letters.utf8), using: lookupKey))
    }
}
