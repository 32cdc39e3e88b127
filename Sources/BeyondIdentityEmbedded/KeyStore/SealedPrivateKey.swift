import Crypto
import _CryptoExtras
import Foundation

/// A private key as ``FileKeyStore`` writes it: raw, or sealed under a passphrase with AES-256-GCM
/// whose key is PBKDF2-HMAC-SHA256 of the passphrase and a random salt.
struct SealedPrivateKey: Codable, Sendable {
    /// How ``data`` holds the key.
    enum Format: String, Codable, Sendable {
        /// The raw 32-byte scalar; the file's 0600 mode is its only protection.
        case plain
        /// AES-256-GCM combined box (nonce, ciphertext, tag) of the raw scalar.
        case sealed = "pbkdf2-sha256-aes256gcm"
    }

    /// PBKDF2 rounds for new keys: the minimum swift-crypto allows (OWASP's 2023 figure).
    static let rounds = 210_000

    var format: Format
    var data: Data
    var salt: Data?
    var rounds: Int?

    /// The key in the clear.
    init(plain key: P256.Signing.PrivateKey) {
        format = .plain
        data = key.rawRepresentation
    }

    /// The key sealed under `passphrase`; `context` (the key handle) is authenticated with it,
    /// so a sealed key copied into another file does not open.
    init(sealing key: P256.Signing.PrivateKey, passphrase: String, context: String) throws {
        let salt = Data(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) })
        let box = try AES.GCM.seal(
            key.rawRepresentation, using: try Self.derive(passphrase, salt: salt, rounds: Self.rounds),
            authenticating: Data(context.utf8))
        guard let combined = box.combined else { throw BISDKError.keyStoreFailure("cannot seal the key") }
        format = .sealed
        data = combined
        self.salt = salt
        rounds = Self.rounds
    }

    /// Whether opening needs a passphrase.
    var isSealed: Bool { format == .sealed }

    /// The private key; `passphrase` is needed for a sealed key.
    func open(passphrase: String?, context: String) throws -> P256.Signing.PrivateKey {
        switch format {
        case .plain:
            return try privateKey(data)
        case .sealed:
            guard let passphrase, let salt, let rounds else { throw BISDKError.wrongPassphrase }
            let raw: Data
            do {
                raw = try AES.GCM.open(
                    AES.GCM.SealedBox(combined: data), using: try Self.derive(passphrase, salt: salt, rounds: rounds),
                    authenticating: Data(context.utf8))
            } catch {
                throw BISDKError.wrongPassphrase
            }
            return try privateKey(raw)
        }
    }

    private func privateKey(_ raw: Data) throws -> P256.Signing.PrivateKey {
        do {
            return try P256.Signing.PrivateKey(rawRepresentation: raw)
        } catch {
            throw BISDKError.keyStoreFailure("stored key is not a P-256 key")
        }
    }

    private static func derive(_ passphrase: String, salt: Data, rounds: Int) throws -> SymmetricKey {
        try KDF.Insecure.PBKDF2.deriveKey(
            from: Data(passphrase.utf8), salt: salt, using: .sha256, outputByteCount: 32, rounds: rounds)
    }
}
