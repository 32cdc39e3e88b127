@testable import BeyondIdentityEmbedded
import Crypto
import Foundation
import IdentityProtocol
import Synchronization
import Testing

/// The `amr` a device reports with each sign-in: `hwk` for a Secure Enclave key, `swk` for a
/// software key, and how the key store verifies the user (`face`, `fpt`, `user`, `pin`).
@Suite struct KeyAssuranceTests {
    let bindLink = URL(string: "\(FakeServer.base)/v1/bind?token=bind-1")!

    /// Registers a credential in `store`, signs in with it, and returns the assertion's `amr`.
    func reportedAMR(_ store: any KeyStore) async throws -> [String]? {
        let server = await FakeServer()
        let embedded = server.embedded(keyStore: store)
        _ = try await embedded.registerCredentials(bindLink)
        _ = try await embedded.authenticate(url: FakeServer.invoke())
        let body = try #require(server.state.withLock { $0.lastBody["POST \(DeviceAPI.authenticate)"] } ?? nil)
        return try JSONDecoder.identityWire.decode(AuthenticationAssertion.self, from: body).amr
    }

    @Test func aFileKeyIsASoftwareKeyVerifiedByItsPassphraseIfSealed() async throws {
        #expect(try await reportedAMR(FileKeyStore(directory: temporaryDirectory())) == ["swk"])
        #expect(try await reportedAMR(FileKeyStore(directory: temporaryDirectory(), passphrase: { _ in "secret" })) == ["swk", "pin"])
    }

    @Test func aSecureEnclaveKeyIsHardwareVerifiedAsItsProtectionSays() async throws {
        func amr(enclave: Bool, _ protection: KeyProtection, biometry: KeyAssurance.UserVerification? = .face) async throws -> [String]? {
            let keys = FakeDeviceKeys(hasSecureEnclave: enclave)
            keys.biometryKindValue.withLock { $0 = biometry }
            return try await reportedAMR(SecureEnclaveKeyStore(items: FakeKeychain(), keys: keys, protection: protection))
        }
        #expect(try await amr(enclave: true, .currentBiometry) == ["hwk", "face"])
        #expect(try await amr(enclave: true, .currentBiometry, biometry: .fingerprint) == ["hwk", "fpt"])
        #expect(try await amr(enclave: true, .currentBiometry, biometry: nil) == ["hwk", "user"])
        #expect(try await amr(enclave: true, .userPresence) == ["hwk", "user"])
        #expect(try await amr(enclave: true, .unlockedDevice) == ["hwk"])
        // No Secure Enclave (the simulator, older Macs): a software key in the Keychain.
        #expect(try await amr(enclave: false, .userPresence) == ["swk", "user"])
    }

    @Test func aStoreThatSaysNothingReportsASoftwareKey() async throws {
        #expect(try await reportedAMR(SilentKeyStore(FileKeyStore(directory: temporaryDirectory(), passphrase: { _ in "s" }))) == ["swk"])
        #expect(KeyAssurance(isHardwareBacked: true, userVerification: [.presence, .pin]).amr == ["hwk", "user", "pin"])
    }

    @Test func theAssuranceOfAnUnknownKeyIsAnError() async throws {
        // Called on the concrete stores (not through `any KeyStore`), their own answer, not the default.
        let files = FileKeyStore(directory: temporaryDirectory())
        await #expect(throws: BISDKError.credentialNotFound) { try await files.assurance(of: Credential.KeyHandle(rawValue: "none")) }
        let store = SecureEnclaveKeyStore(items: FakeKeychain(), keys: FakeDeviceKeys(hasSecureEnclave: true), protection: .userPresence)
        await #expect(throws: BISDKError.credentialNotFound) { try await store.assurance(of: Credential.KeyHandle(rawValue: "none")) }
        let (pending, _) = try await store.generateKey()
        #expect(try await store.assurance(of: pending) == KeyAssurance(isHardwareBacked: true, userVerification: [.presence]))
    }
}

/// A key store of an app that implements only the required calls (not `assurance(of:)`).
struct SilentKeyStore: KeyStore {
    let base: FileKeyStore
    init(_ base: FileKeyStore) { self.base = base }

    func generateKey() async throws -> (handle: Credential.KeyHandle, publicKey: P256.Signing.PublicKey) { await base.generateKey() }
    func sign(_ message: Data, with key: Credential.KeyHandle, prompt: String) async throws -> P256.Signing.ECDSASignature {
        try await base.sign(message, with: key, prompt: prompt)
    }
    func store(_ credential: Credential, prompt: String) async throws { try await base.store(credential, prompt: prompt) }
    func discardKey(_ key: Credential.KeyHandle) async { await base.discardKey(key) }
    func credentials() async throws -> [Credential] { try await base.credentials() }
    func updateState(_ state: CredentialState, for credential: Credential.Handle) async throws {
        try await base.updateState(state, for: credential)
    }
    func delete(_ credential: Credential.Handle) async throws { try await base.delete(credential) }
}
