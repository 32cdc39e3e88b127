public import Crypto
public import Foundation
internal import IdentityProtocol

/// A ``KeyStore`` in a directory the app chooses: one file per credential holding its
/// metadata, certificate chain and private key, so a credential is stored all-or-nothing.
///
/// - Files have mode 0600 and the directory 0700; each write goes to a temporary file that is
///   `fsync`ed and renamed into place, so a crash leaves either the old or the new state.
/// - With a `passphrase` provider, private keys are sealed with AES-256-GCM under a key derived
///   from the passphrase (PBKDF2-HMAC-SHA256, 210,000 rounds, random salt). The provider is asked
///   each time a sealed key is created or used, with the SDK's `biometricAskPrompt` as the prompt:
///   it plays the role biometry plays on a phone. Listing credentials needs no passphrase.
/// - Pending keys (generated, not yet part of a credential) live only in memory.
public actor FileKeyStore: KeyStore {
    /// Asks the user for the passphrase, showing `prompt`; `nil` means the user cancelled.
    public typealias PassphraseProvider = @Sendable (_ prompt: String) async -> String?

    /// The directory holding the credential files.
    public nonisolated let directory: URL
    private let passphrase: PassphraseProvider?
    private var pendingKeys: [Credential.KeyHandle: P256.Signing.PrivateKey] = [:]

    private static let fileExtension = "credential"

    /// A store in `directory` (created with mode 0700 on first write).
    ///
    /// - Parameters:
    ///   - directory: The directory that holds one file per credential.
    ///   - passphrase: If given, new private keys are sealed under the passphrase it returns.
    public init(directory: URL, passphrase: PassphraseProvider? = nil) {
        self.directory = directory
        self.passphrase = passphrase
    }

    /// A store in the platform's application-support directory, subdirectory `BeyondIdentityEmbedded`
    /// (on Linux `$XDG_DATA_HOME` or `~/.local/share`), with unsealed keys.
    public static func applicationSupport() -> FileKeyStore {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.homeDirectoryForCurrentUser
        return FileKeyStore(directory: base.appendingPathComponent("BeyondIdentityEmbedded", isDirectory: true))
    }

    /// Generates a P-256 key held in memory until ``store(_:prompt:)`` writes it with its credential.
    public func generateKey() -> (handle: Credential.KeyHandle, publicKey: P256.Signing.PublicKey) {
        let key = P256.Signing.PrivateKey()
        let handle = Credential.KeyHandle(rawValue: UUID().uuidString.lowercased())
        pendingKeys[handle] = key
        return (handle, key.publicKey)
    }

    /// Signs with a pending key, or with a stored one (asking for the passphrase, with `prompt`, if it is sealed).
    public func sign(_ message: Data, with key: Credential.KeyHandle, prompt: String) async throws -> P256.Signing.ECDSASignature {
        let privateKey: P256.Signing.PrivateKey
        if let pending = pendingKeys[key] {
            privateKey = pending
        } else {
            let file = try read(fileURL(for: key))
            let secret = file.privateKey.isSealed ? try await askPassphrase(prompt) : nil
            privateKey = try file.privateKey.open(passphrase: secret, context: key.rawValue)
        }
        do {
            return try privateKey.signature(for: message)
        } catch {
            throw BISDKError.keyStoreFailure("signing failed: \(error)")
        }
    }

    /// Writes the credential and its pending key to one new file, atomically; seals the key
    /// first if a passphrase provider is set (asking it with `prompt`).
    public func store(_ credential: Credential, prompt: String) async throws {
        guard let key = pendingKeys[credential.keyHandle] else {
            throw BISDKError.keyStoreFailure("no pending key \(credential.keyHandle)")
        }
        let privateKey = if passphrase == nil {
            SealedPrivateKey(plain: key)
        } else {
            try SealedPrivateKey(
                sealing: key, passphrase: try await askPassphrase(prompt), context: credential.keyHandle.rawValue)
        }
        let file = CredentialFile(version: CredentialFile.currentVersion, credential: credential, privateKey: privateKey)
        try AtomicFile.createDirectory(directory)
        try AtomicFile.write(try JSONEncoder.identityWire.encode(file), to: fileURL(for: credential.keyHandle))
        pendingKeys[credential.keyHandle] = nil
    }

    /// Forgets a pending key.
    public func discardKey(_ key: Credential.KeyHandle) {
        pendingKeys[key] = nil
    }

    /// Reads every credential file of the directory; needs no passphrase.
    public func credentials() throws -> [Credential] {
        try credentialFiles().map(\.file.credential)
            .sorted { ($0.created, $0.handle.rawValue) < ($1.created, $1.handle.rawValue) }
    }

    /// Rewrites the credential's file with the new state, atomically.
    public func updateState(_ state: CredentialState, for credential: Credential.Handle) throws {
        for (url, var file) in try credentialFiles() where file.credential.handle == credential && file.credential.state != state {
            file.credential.state = state
            try AtomicFile.write(try JSONEncoder.identityWire.encode(file), to: url)
        }
    }

    /// Removes the file of the credential, key included.
    public func delete(_ credential: Credential.Handle) throws {
        for (url, file) in try credentialFiles() where file.credential.handle == credential {
            try AtomicFile.remove(url)
        }
    }

    /// A software key; verified by a passphrase (`pin`) when it is sealed under one.
    public func assurance(of key: Credential.KeyHandle) async throws -> KeyAssurance {
        if pendingKeys[key] != nil { return KeyAssurance(isHardwareBacked: false) }
        let sealed = try read(fileURL(for: key)).privateKey.isSealed
        return KeyAssurance(isHardwareBacked: false, userVerification: sealed ? [.pin] : [])
    }

    private func askPassphrase(_ prompt: String) async throws -> String {
        guard let passphrase else { throw BISDKError.keyStoreFailure("the key is sealed and no passphrase provider is set") }
        guard let secret = await passphrase(prompt) else { throw BISDKError.userCancelled }
        return secret
    }

    private func fileURL(for key: Credential.KeyHandle) -> URL {
        directory.appendingPathComponent("\(key.rawValue).\(Self.fileExtension)")
    }

    private func credentialFiles() throws -> [(url: URL, file: CredentialFile)] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch CocoaError.fileReadNoSuchFile {
            return []
        } catch {
            throw BISDKError.keyStoreFailure("cannot list \(directory.path): \(error.localizedDescription)")
        }
        // Temporary files of interrupted writes start with a dot and are never read.
        return try names.filter { !$0.hasPrefix(".") && $0.hasSuffix(".\(Self.fileExtension)") }.sorted().map { name in
            let url = directory.appendingPathComponent(name)
            return (url, try read(url))
        }
    }

    private func read(_ url: URL) throws -> CredentialFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw BISDKError.credentialNotFound
        }
        guard let file = try? JSONDecoder.identityWire.decode(CredentialFile.self, from: data),
              file.version == CredentialFile.currentVersion
        else { throw BISDKError.keyStoreFailure("\(url.lastPathComponent) is not a credential file this SDK reads") }
        return file
    }
}
