@testable import BeyondIdentityEmbedded
import Crypto
import Foundation
import Synchronization
import Testing

/// The Apple key store's logic, run against a fake Keychain and fake device keys (issue 19):
/// where keys go, the order items are written and removed, and what failures mean.
@Suite struct SecureEnclaveKeyStoreTests {
    let keychain = FakeKeychain()

    /// A credential for `keyHandle` with placeholder metadata.
    func credential(_ keyHandle: Credential.KeyHandle, id: String = "cred-1") -> Credential { .sample(keyHandle, id: id) }

    @Test func theAccessControlFollowsTheProtectionAndTheHardware() {
        #expect(AccessControlPlan(protection: .unlockedDevice, secureEnclaveAvailable: true).flags == [.privateKeyUsage])
        #expect(AccessControlPlan(protection: .userPresence, secureEnclaveAvailable: true).flags == [.privateKeyUsage, .userPresence])
        #expect(AccessControlPlan(protection: .currentBiometry, secureEnclaveAvailable: false).flags == [.biometryCurrentSet])
        let software = AccessControlPlan(protection: .userPresence, secureEnclaveAvailable: false)
        #expect(software.storage == .keychain && software.prompts && software.accessibleWhenUnlockedThisDeviceOnly && !software.synchronizable)
        #expect(!AccessControlPlan(protection: .unlockedDevice, secureEnclaveAvailable: true).prompts)
        #expect(KeyProtection.unlockedDevice.policy == nil)
        #expect(KeyProtection.userPresence.policy == .deviceOwnerAuthentication)
        #expect(KeyProtection.currentBiometry.policy == .deviceOwnerAuthenticationWithBiometrics)
    }

    @Test func keyAndCredentialAreWrittenKeyFirstAndRemovedCredentialFirst() async throws {
        let store = SecureEnclaveKeyStore(items: keychain, keys: FakeDeviceKeys(hasSecureEnclave: true), protection: .userPresence)
        let (handle, publicKey) = try await store.generateKey()
        #expect(keychain.items.withLock { $0.isEmpty }, "a pending key is never written")
        try await store.store(credential(handle), prompt: "Sign in")
        let account = handle.rawValue
        #expect(keychain.calls.withLock { $0 } == ["add key:\(account)", "add credential:\(account)"])
        #expect(try await store.credentials() == [credential(handle)])
        #expect(try await store.storage(of: handle) == .secureEnclave)
        // The enclave key carries the access control; its Keychain item needs none.
        #expect(keychain.items.withLock { $0["key:\(account)"]?.plan } == nil)

        let signature = try await store.sign(Data("m".utf8), with: handle, prompt: "Sign in")
        #expect(publicKey.isValidSignature(signature, for: Data("m".utf8)))

        try await store.delete(credential(handle).handle)
        #expect(keychain.calls.withLock { Array($0.suffix(2)) } == ["delete credential:\(account)", "delete key:\(account)"])
        #expect(keychain.items.withLock { $0.isEmpty })
    }

    @Test func aFailedCredentialWriteLeavesNothingAndAnInterruptedOneIsCleanedUp() async throws {
        let store = SecureEnclaveKeyStore(items: keychain, keys: FakeDeviceKeys(hasSecureEnclave: false), protection: .userPresence)
        let (handle, _) = try await store.generateKey()
        keychain.failNextAdd.withLock { $0 = (.credential, -25308) }
        await #expect(throws: BISDKError.keyStoreFailure("add: the device is locked")) {
            try await store.store(credential(handle), prompt: "p")
        }
        #expect(keychain.items.withLock { $0.isEmpty }, "the key item written first is removed again")
        // The pending key is still there: storing again works, and the software key's item is protected.
        try await store.store(credential(handle), prompt: "p")
        #expect(keychain.items.withLock { $0["key:\(handle.rawValue)"]?.plan?.flags } == [.userPresence])
        #expect(try await store.storage(of: handle) == .keychain)

        // A crash between the two writes of another credential: its key item is unlisted and removed.
        try keychain.add(Data([1]), kind: .key, account: "orphan", protectedBy: nil)
        #expect(try await store.credentials().map(\.keyHandle) == [handle])
        #expect(try keychain.accounts(of: .key) == [handle.rawValue])
    }

    @Test func promptsAndBiometryFailuresAreSpecificErrors() async throws {
        let keys = FakeDeviceKeys(hasSecureEnclave: true)
        let store = SecureEnclaveKeyStore(items: keychain, keys: keys, protection: .currentBiometry)
        let (handle, _) = try await store.generateKey()
        try await store.store(credential(handle), prompt: "p")
        let cases: [(Int, BISDKError)] = [
            (-2, .userCancelled), (-4, .userCancelled), (-8, .userVerificationFailed(.biometryLockedOut)),
            (-7, .userVerificationFailed(.biometryUnavailable)), (-5, .userVerificationFailed(.passcodeNotSet)),
            (-1, .userVerificationFailed(.failed)),
        ]
        for (code, expected) in cases {
            keys.failSigning.withLock { $0 = code }
            await #expect(throws: expected, "LAError \(code)") { _ = try await store.sign(Data("m".utf8), with: handle, prompt: "p") }
        }
        // The enrolled biometry changed: the same failure now says why the key is gone for good.
        keys.biometry.withLock { $0 = Data("face-2".utf8) }
        keys.failSigning.withLock { $0 = -1 }
        await #expect(throws: BISDKError.userVerificationFailed(.biometryChanged)) {
            _ = try await store.sign(Data("m".utf8), with: handle, prompt: "p")
        }
        // A cancelled prompt stays a cancellation, whatever the biometry.
        keys.failSigning.withLock { $0 = -2 }
        await #expect(throws: BISDKError.userCancelled) { _ = try await store.sign(Data("m".utf8), with: handle, prompt: "p") }
    }

    @Test func keychainStatusesMapToTheirErrors() {
        #expect(KeychainStatus.error(-128, operation: "read") == .userCancelled)
        #expect(KeychainStatus.error(-25300, operation: "read") == .credentialNotFound)
        #expect(KeychainStatus.error(-25293, operation: "read") == .userVerificationFailed(.failed))
        #expect(KeychainStatus.error(-34018, operation: "add")
            == .keyStoreFailure("add: the app has no keychain entitlement (sign it with an application identifier or a keychain access group)"))
        #expect(KeychainStatus.error(-67_000, operation: "add") == .keyStoreFailure("add failed with OSStatus -67000"))
    }

    @Test func statesAreUpdatedInPlace() async throws {
        let store = SecureEnclaveKeyStore(items: keychain, keys: FakeDeviceKeys(hasSecureEnclave: true), protection: .unlockedDevice)
        let (handle, _) = try await store.generateKey()
        try await store.store(credential(handle), prompt: "p")
        try await store.updateState(.userSuspended, for: credential(handle).handle)
        #expect(try await store.credentials().map(\.state) == [.userSuspended])
        #expect(keychain.calls.withLock { $0.last } == "update credential:\(handle.rawValue)")
    }
}
