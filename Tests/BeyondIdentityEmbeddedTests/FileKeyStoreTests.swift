@testable import BeyondIdentityEmbedded
import Crypto
import Foundation
import Testing

@Suite struct FileKeyStoreTests {
    let directory = temporaryDirectory()

    /// A credential for `keyHandle` with placeholder metadata.
    func credential(_ keyHandle: Credential.KeyHandle, id: String = "cred-1") -> Credential { .sample(keyHandle, id: id) }

    func permissions(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as! NSNumber).intValue
    }

    @Test func storesCredentialWithItsKeyInOne0600File() async throws {
        let store = FileKeyStore(directory: directory)
        let (handle, publicKey) = await store.generateKey()
        try await store.store(credential(handle), prompt: "p")

        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files == ["\(handle.rawValue).credential"])
        #expect(try permissions(directory.appendingPathComponent(files[0])) == 0o600)
        #expect(try permissions(directory) == 0o700)
        #expect(try await store.credentials() == [credential(handle)])

        // A second store over the same directory (a restarted app) signs with the stored key.
        let message = Data("hello".utf8)
        let signature = try await FileKeyStore(directory: directory).sign(message, with: handle, prompt: "p")
        #expect(publicKey.isValidSignature(signature, for: message))
    }

    @Test func pendingKeysAreNeverWrittenAndCanBeDiscarded() async throws {
        let store = FileKeyStore(directory: directory)
        let (handle, _) = await store.generateKey()
        #expect(try await store.credentials().isEmpty)
        await store.discardKey(handle)
        await #expect(throws: BISDKError.keyStoreFailure("no pending key \(handle)")) {
            try await store.store(credential(handle), prompt: "p")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test func leftoverTemporaryFilesOfAnInterruptedWriteAreIgnored() async throws {
        let store = FileKeyStore(directory: directory)
        let (handle, _) = await store.generateKey()
        try await store.store(credential(handle), prompt: "p")
        try Data("{partial".utf8).write(to: directory.appendingPathComponent(".x.credential.123.tmp"))
        #expect(try await store.credentials().map(\.handle) == [Credential.Handle("cred-1")])
    }

    @Test func rewritingReplacesTheWholeFileAtomically() throws {
        try AtomicFile.createDirectory(directory)
        let url = directory.appendingPathComponent("f")
        try AtomicFile.write(Data("first".utf8), to: url)
        try AtomicFile.write(Data("second".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["f"])
        #expect(try permissions(url) == 0o600)
    }

    @Test func deleteRemovesTheCredentialAndItsKey() async throws {
        let store = FileKeyStore(directory: directory)
        let (handle, _) = await store.generateKey()
        try await store.store(credential(handle), prompt: "p")
        try await store.delete(Credential.Handle("cred-1"))
        #expect(try await store.credentials().isEmpty)
        await #expect(throws: BISDKError.credentialNotFound) { try await store.sign(Data(), with: handle, prompt: "p") }
    }

    @Test func sealedKeysNeedThePassphrase() async throws {
        let prompts = PromptLog()
        let store = FileKeyStore(directory: directory) { prompt in
            await prompts.append(prompt)
            return "correct horse"
        }
        let (handle, publicKey) = await store.generateKey()
        try await store.store(credential(handle), prompt: "Seal it")
        let file = try Data(contentsOf: directory.appendingPathComponent("\(handle.rawValue).credential"))
        #expect(String(decoding: file, as: UTF8.self).contains("pbkdf2-sha256-aes256gcm"))

        let message = Data("m".utf8)
        #expect(publicKey.isValidSignature(try await store.sign(message, with: handle, prompt: "Sign it"), for: message))
        #expect(await prompts.entries == ["Seal it", "Sign it"])
        // Listing needs no passphrase.
        #expect(try await FileKeyStore(directory: directory).credentials().count == 1)

        await #expect(throws: BISDKError.wrongPassphrase) {
            try await FileKeyStore(directory: directory) { _ in "wrong" }.sign(message, with: handle, prompt: "p")
        }
        await #expect(throws: BISDKError.userCancelled) {
            try await FileKeyStore(directory: directory) { _ in nil }.sign(message, with: handle, prompt: "p")
        }
        await #expect(throws: BISDKError.keyStoreFailure("the key is sealed and no passphrase provider is set")) {
            try await FileKeyStore(directory: directory).sign(message, with: handle, prompt: "p")
        }
    }
}

/// Records the prompts a passphrase provider was shown.
actor PromptLog {
    var entries: [String] = []
    func append(_ prompt: String) { entries.append(prompt) }
}
