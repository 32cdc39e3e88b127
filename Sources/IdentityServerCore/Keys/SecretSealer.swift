package import Crypto
package import Foundation

/// Seals secrets at rest (realm CA keys, token-signing keys) with AES-256-GCM under the master
/// key. The purpose string is bound as authenticated data, so a sealed CA key cannot be
/// opened as a signing key or moved to another realm.
package struct SecretSealer: Sendable {
    private let masterKey: SymmetricKey

    /// Creates a sealer over a 256-bit master key.
    package init(masterKey: SymmetricKey) {
        self.masterKey = masterKey
    }

    /// Nonce, ciphertext and tag in one blob.
    package func seal(_ plaintext: Data, purpose: String) throws -> Data {
        let box = try AES.GCM.seal(plaintext, using: masterKey, authenticating: Data(purpose.utf8))
        guard let combined = box.combined else { throw SealError.unsealable }
        return combined
    }

    /// Opens what ``seal(_:purpose:)`` made for the same purpose; ``SealError/unopenable`` for
    /// anything else (another purpose, another master key, changed bytes).
    package func open(_ sealed: Data, purpose: String) throws -> Data {
        do {
            return try AES.GCM.open(AES.GCM.SealedBox(combined: sealed), using: masterKey, authenticating: Data(purpose.utf8))
        } catch {
            throw SealError.unopenable
        }
    }

    package enum SealError: Error {
        case unsealable
        /// Not sealed for this purpose under this master key, or changed since.
        case unopenable
    }
}

/// The master key file: 32 random bytes, created 0600 on first start.
package enum MasterKeyFile {
    /// The file's name in the data directory.
    package static let name = "master.key"

    /// Reads the key at `url`, creating it first if missing. Refuses a file of the wrong size.
    package static func loadOrCreate(at url: URL) throws -> SymmetricKey {
        if let data = FileManager.default.contents(atPath: url.path) {
            guard data.count == 32 else { throw ServerSetupError("master key file \(url.path) must hold 32 bytes") }
            return SymmetricKey(data: data)
        }
        let key = SymmetricKey(size: .bits256)
        try SecretFile.create(at: url, contents: key.withUnsafeBytes { Data($0) })
        return key
    }

    /// Parses a master key given in configuration: 64 hex digits or base64 of 32 bytes.
    package static func parse(_ text: String) throws -> SymmetricKey {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count == 64, let bytes = Data(hex: trimmed) { return SymmetricKey(data: bytes) }
        if let bytes = Data(base64Encoded: trimmed), bytes.count == 32 { return SymmetricKey(data: bytes) }
        throw ServerSetupError("the master key must be 32 bytes as 64 hex digits or base64")
    }
}

/// Files that hold secrets: created exclusively with mode 0600, never overwritten.
package enum SecretFile {
    package static func create(at url: URL, contents: Data) throws {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            throw ServerSetupError("cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == contents.count, fsync(descriptor) == 0 else {
            throw ServerSetupError("cannot write \(url.path): errno \(errno)")
        }
    }

    /// Puts `replacement` in place of `file` in one step (`rename`), and makes that durable.
    package static func replace(_ file: URL, with replacement: URL) throws {
        guard rename(replacement.path, file.path) == 0 else {
            throw ServerSetupError("cannot replace \(file.path) with \(replacement.path): errno \(errno)")
        }
        let directory = open(file.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        guard directory >= 0 else { return }
        fsync(directory)
        close(directory)
    }
}

extension Data {
    /// Decodes lowercase or uppercase hex; `nil` on anything else.
    package init?(hex: String) {
        var bytes = [UInt8]()
        bytes.reserveCapacity(hex.utf8.count / 2)
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next() {
            guard let low = iterator.next(), let h = Self.nibble(high), let l = Self.nibble(low) else { return nil }
            bytes.append(h << 4 | l)
        }
        self.init(bytes)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A configuration or start-up problem, with a message for the operator.
public struct ServerSetupError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    package init(_ description: String) { self.description = description }
}
