public import Crypto
public import Foundation
import IdentityProtocol

/// The ``KeyStore`` of iOS and macOS, and the default there: each credential's key is made
/// inside the Secure Enclave and never leaves it (where there is none — the simulator, older
/// Macs — a software key in the Keychain under the same rules, and the credential records
/// which); signing asks the user as ``KeyProtection`` says, showing the SDK's
/// `biometricAskPrompt`. Everything is kept in the Keychain, readable only while the device is
/// unlocked and never synchronized or restored to another device.
///
/// A credential is two items under its key handle: the key (the enclave's opaque reference,
/// written first) and the credential (metadata and certificate chain, written second). Only
/// credential items are listed, so a crash between the two writes leaves an unlisted key item,
/// which the next listing removes; deletion removes the credential item first, so no listed
/// credential ever lacks its key. This logic is platform-neutral and tested on every machine;
/// the Keychain and the Secure Enclave themselves exist only on Apple platforms, where
/// `init(protection:)` is available.
public actor SecureEnclaveKeyStore: KeyStore {
    private let items: any KeychainItems
    private let keys: any DeviceKeys
    private let protection: KeyProtection
    private var pending: [Credential.KeyHandle: (keyData: Data, plan: AccessControlPlan)] = [:]

    init(items: any KeychainItems, keys: any DeviceKeys, protection: KeyProtection) {
        self.items = items
        self.keys = keys
        self.protection = protection
    }

    public func generateKey() throws -> (handle: Credential.KeyHandle, publicKey: P256.Signing.PublicKey) {
        let plan = AccessControlPlan(protection: protection, secureEnclaveAvailable: keys.hasSecureEnclave)
        let (keyData, publicKey) = try keys.generate(plan)
        let handle = Credential.KeyHandle(rawValue: UUID().uuidString.lowercased())
        pending[handle] = (keyData, plan)
        return (handle, publicKey)
    }

    public func sign(_ message: Data, with key: Credential.KeyHandle, prompt: String) async throws -> P256.Signing.ECDSASignature {
        if let (keyData, plan) = pending[key] {
            return try await keys.sign(message, keyData: keyData, storage: plan.storage, protection: protection, prompt: prompt)
        }
        guard let record = try record(key) else { throw BISDKError.credentialNotFound }
        do {
            guard let keyData = try items.read(kind: .key, account: key.rawValue, prompt: prompt) else {
                throw BISDKError.credentialNotFound
            }
            return try await keys.sign(message, keyData: keyData, storage: record.storage, protection: record.protection, prompt: prompt)
        } catch let error as BISDKError {
            throw explained(error, for: record)
        }
    }

    public func store(_ credential: Credential, prompt: String) throws {
        guard let (keyData, plan) = pending[credential.keyHandle] else {
            throw BISDKError.keyStoreFailure("no pending key \(credential.keyHandle)")
        }
        let record = KeychainCredentialRecord(
            version: KeychainCredentialRecord.currentVersion, credential: credential, storage: plan.storage,
            protection: protection, biometryState: protection == .currentBiometry ? keys.biometryState() : nil)
        let account = credential.keyHandle.rawValue
        // An enclave key carries its own access control; a software key's item must.
        try items.add(keyData, kind: .key, account: account, protectedBy: plan.storage == .keychain && plan.prompts ? plan : nil)
        do {
            try items.add(try JSONEncoder.identityWire.encode(record), kind: .credential, account: account, protectedBy: nil)
        } catch {
            try? items.delete(kind: .key, account: account)
            throw error
        }
        pending[credential.keyHandle] = nil
    }

    public func discardKey(_ key: Credential.KeyHandle) {
        pending[key] = nil
    }

    public func credentials() throws -> [Credential] {
        let listed = try items.accounts(of: .credential)
        // Key items without a credential item: a write or a deletion that was interrupted.
        for orphan in Set(try items.accounts(of: .key)).subtracting(listed)
        where !pending.keys.contains(Credential.KeyHandle(rawValue: orphan)) {
            try items.delete(kind: .key, account: orphan)
        }
        return try listed.compactMap { try record(Credential.KeyHandle(rawValue: $0))?.credential }
            .sorted { ($0.created, $0.handle.rawValue) < ($1.created, $1.handle.rawValue) }
    }

    public func updateState(_ state: CredentialState, for credential: Credential.Handle) throws {
        for handle in try handles(of: credential) {
            guard var record = try record(handle), record.credential.state != state else { continue }
            record.credential.state = state
            try items.update(try JSONEncoder.identityWire.encode(record), kind: .credential, account: handle.rawValue)
        }
    }

    public func delete(_ credential: Credential.Handle) throws {
        for handle in try handles(of: credential) {
            try items.delete(kind: .credential, account: handle.rawValue)
            try items.delete(kind: .key, account: handle.rawValue)
        }
    }

    /// Where the key of `handle` is kept (the Secure Enclave or the Keychain); `nil` when no
    /// credential with that key is stored.
    public func storage(of handle: Credential.KeyHandle) throws -> KeyStorage? {
        try record(handle)?.storage
    }

    /// Hardware-backed when the key is in the Secure Enclave; verified as its
    /// ``KeyProtection`` asks (with the kind of biometry this device has, for
    /// ``KeyProtection/currentBiometry``).
    public func assurance(of key: Credential.KeyHandle) async throws -> KeyAssurance {
        let storage: KeyStorage, protection: KeyProtection
        if let (_, plan) = pending[key] {
            (storage, protection) = (plan.storage, self.protection)
        } else {
            guard let record = try record(key) else { throw BISDKError.credentialNotFound }
            (storage, protection) = (record.storage, record.protection)
        }
        let verification: [KeyAssurance.UserVerification] = switch protection {
        case .unlockedDevice: []
        case .userPresence: [.presence]
        case .currentBiometry: [keys.biometryKind() ?? .presence]
        }
        return KeyAssurance(isHardwareBacked: storage == .secureEnclave, userVerification: verification)
    }

    private func handles(of credential: Credential.Handle) throws -> [Credential.KeyHandle] {
        try items.accounts(of: .credential).map(Credential.KeyHandle.init(rawValue:))
            .filter { try record($0)?.credential.handle == credential }
    }

    private func record(_ key: Credential.KeyHandle) throws -> KeychainCredentialRecord? {
        guard let data = try items.read(kind: .credential, account: key.rawValue, prompt: "") else { return nil }
        guard let record = try? JSONDecoder.identityWire.decode(KeychainCredentialRecord.self, from: data),
              record.version == KeychainCredentialRecord.currentVersion
        else { throw BISDKError.keyStoreFailure("the Keychain item of \(key) is not a credential this SDK reads") }
        return record
    }

    /// A failed signature with a key bound to the current biometry, after the enrolled
    /// biometry changed, is ``UserVerificationFailure/biometryChanged``: the key is gone for good.
    private func explained(_ error: BISDKError, for record: KeychainCredentialRecord) -> BISDKError {
        guard record.protection == .currentBiometry, record.biometryState != nil, keys.biometryState() != record.biometryState
        else { return error }
        switch error {
        case .userVerificationFailed(.failed), .keyStoreFailure: return .userVerificationFailed(.biometryChanged)
        default: return error
        }
    }
}
