public import Crypto
public import Foundation

/// Where credentials live: P-256 private keys that never leave the store, each kept together
/// with its credential's certificate chain and metadata.
///
/// The SDK asks the store to generate a key, to sign with it, and to keep it; it never reads a
/// private key. A key starts *pending* (in the store, bound to no credential) and becomes part
/// of a credential with ``store(_:prompt:)``, which must be all-or-nothing: afterwards either the
/// key, chain and metadata are all stored, or none is. A pending key that is never stored is
/// dropped with ``discardKey(_:)``.
///
/// Errors should be ``BISDKError`` values (``BISDKError/keyStoreFailure(_:)``,
/// ``BISDKError/wrongPassphrase``, ``BISDKError/userCancelled``); other errors reach the
/// caller as ``BISDKError/keyStoreFailure(_:)``.
///
/// ``FileKeyStore`` is the store for Linux and for tests.
public protocol KeyStore: Sendable {
    /// Generates a pending P-256 key and returns its handle and public key.
    func generateKey() async throws -> (handle: Credential.KeyHandle, publicKey: P256.Signing.PublicKey)

    /// Signs `message` (ECDSA P-256 over its SHA-256) with a pending or stored key.
    ///
    /// - Parameters:
    ///   - message: The bytes to sign.
    ///   - key: The handle of a pending or stored key.
    ///   - prompt: Text to show the user if the store must ask for their consent
    ///     (biometry, a passphrase): the `biometricAskPrompt` of `Embedded.initialize`.
    func sign(_ message: Data, with key: Credential.KeyHandle, prompt: String) async throws -> P256.Signing.ECDSASignature

    /// Stores the pending key `credential.keyHandle` together with `credential`, atomically.
    ///
    /// - Parameters:
    ///   - credential: The credential to store, whose `keyHandle` names a pending key.
    ///   - prompt: Text to show if the store must ask the user (for example for the
    ///     passphrase that seals the key).
    func store(_ credential: Credential, prompt: String) async throws

    /// Drops a pending key that will not become a credential. Does nothing for unknown or stored keys.
    func discardKey(_ key: Credential.KeyHandle) async

    /// All stored credentials, oldest first (ties by handle).
    func credentials() async throws -> [Credential]

    /// Records a new state for a stored credential (what the server reports). Does nothing if
    /// there is none with that handle.
    func updateState(_ state: CredentialState, for credential: Credential.Handle) async throws

    /// Removes a stored credential and its key. Does nothing if there is none with that handle.
    func delete(_ credential: Credential.Handle) async throws

    /// How the pending or stored key `key` is kept and how the store verifies the user before
    /// it signs: what the SDK reports with a sign-in signed by it. By default
    /// ``KeyAssurance/software`` (a software key, no verification).
    func assurance(of key: Credential.KeyHandle) async throws -> KeyAssurance
}

extension KeyStore {
    /// A software key that signs without asking the user: ``KeyAssurance/software``.
    public func assurance(of key: Credential.KeyHandle) async throws -> KeyAssurance {
        .software
    }
}
