@testable import BeyondIdentityEmbedded
import Crypto
import Foundation
import Synchronization

/// The Keychain in a dictionary, recording every call, failing where a test says, and asking
/// "the user" (an answer the test sets) before reading a protected item.
final class FakeKeychain: KeychainItems {
    struct Item {
        var data: Data
        var plan: AccessControlPlan?
    }

    let items = Mutex<[String: Item]>([:])
    let calls = Mutex<[String]>([])
    /// The next `add` of this kind fails with this status.
    let failNextAdd = Mutex<(KeychainItemKind, Int32)?>(nil)
    /// What the user does at a prompt: `nil` passes, a status fails.
    let promptAnswer = Mutex<Int32?>(nil)

    private func name(_ kind: KeychainItemKind, _ account: String) -> String { "\(kind == .key ? "key" : "credential"):\(account)" }

    func add(_ data: Data, kind: KeychainItemKind, account: String, protectedBy plan: AccessControlPlan?) throws {
        calls.withLock { $0.append("add \(name(kind, account))") }
        if let (failing, status) = failNextAdd.withLock({ $0 }), failing == kind {
            failNextAdd.withLock { $0 = nil }
            throw KeychainStatus.error(status, operation: "add")
        }
        try items.withLock { items in
            guard items[name(kind, account)] == nil else { throw KeychainStatus.error(-25299, operation: "add") }
            items[name(kind, account)] = Item(data: data, plan: plan)
        }
    }

    func read(kind: KeychainItemKind, account: String, prompt: String) throws -> Data? {
        guard let item = items.withLock({ $0[name(kind, account)] }) else { return nil }
        if item.plan?.prompts == true, let status = promptAnswer.withLock({ $0 }) {
            throw KeychainStatus.error(status, operation: "read")
        }
        return item.data
    }

    func update(_ data: Data, kind: KeychainItemKind, account: String) throws {
        calls.withLock { $0.append("update \(name(kind, account))") }
        items.withLock { $0[name(kind, account)]?.data = data }
    }

    func delete(kind: KeychainItemKind, account: String) throws {
        calls.withLock { $0.append("delete \(name(kind, account))") }
        _ = items.withLock { $0.removeValue(forKey: name(kind, account)) }
    }

    func accounts(of kind: KeychainItemKind) throws -> [String] {
        let prefix = name(kind, "")
        return items.withLock { $0.keys.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }.sorted() }
    }
}

/// Device keys in software, with or without "a Secure Enclave", whose biometry a test can change
/// and whose signatures can fail as the enclave's do.
final class FakeDeviceKeys: DeviceKeys {
    let hasSecureEnclave: Bool
    let biometry = Mutex<Data?>(Data("face-1".utf8))
    /// The authentication code the next signature fails with, if any.
    let failSigning = Mutex<Int?>(nil)
    /// The kind of biometry the device has.
    let biometryKindValue = Mutex<KeyAssurance.UserVerification?>(.face)

    init(hasSecureEnclave: Bool) {
        self.hasSecureEnclave = hasSecureEnclave
    }

    func generate(_ plan: AccessControlPlan) throws -> (keyData: Data, publicKey: P256.Signing.PublicKey) {
        let key = P256.Signing.PrivateKey()
        return (key.rawRepresentation, key.publicKey)
    }

    func sign(
        _ message: Data, keyData: Data, storage: KeyStorage, protection: KeyProtection, prompt: String
    ) async throws -> P256.Signing.ECDSASignature {
        if let code = failSigning.withLock({ $0 }) { throw KeychainStatus.error(authenticationCode: code) }
        return try P256.Signing.PrivateKey(rawRepresentation: keyData).signature(for: message)
    }

    func biometryState() -> Data? { biometry.withLock { $0 } }

    func biometryKind() -> KeyAssurance.UserVerification? { biometryKindValue.withLock { $0 } }
}
