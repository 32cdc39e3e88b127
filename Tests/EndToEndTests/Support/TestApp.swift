import BeyondIdentityEmbedded
import Foundation
import TestProcessSupport
import ServerTestSupport

/// An app on a device: an SDK instance with its own key store directory, pointed at a server.
struct TestApp: Sendable {
    let sdk: Embedded
    let keyStoreDirectory: URL

    init(
        server: RunningServer, application: TestApplication, baseURL: String? = nil, credentialStateMaxAge: TimeInterval = 300,
        passphrase: FileKeyStore.PassphraseProvider? = nil
    ) {
        keyStoreDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-device-\(UUID().uuidString)")
        sdk = Embedded(
            biometricAskPrompt: "Sign in", clientID: application.clientID,
            domain: Domain(baseURL: URL(string: baseURL ?? server.baseURL)!), redirectURI: TestRealm.callback,
            keyStore: FileKeyStore(directory: keyStoreDirectory, passphrase: passphrase), credentialStateMaxAge: credentialStateMaxAge)
    }

    /// The outcome of registering from a code, as a value.
    func importing(_ token: CredentialToken) async -> Result<[Credential], BISDKError> {
        do throws(BISDKError) {
            return .success(try await sdk.registerCredentials(token: token))
        } catch {
            return .failure(error)
        }
    }

    /// The credential files in the key store.
    var storedFiles: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: keyStoreDirectory.path)) ?? []
    }
}

extension RunningServer {
    /// The enrollment link in the newest email of the outbox, once there is one (the server
    /// sends it in the background).
    func linkFromNewestEmail() async throws -> String {
        let message = try await eventually("a mail in the outbox") { try outboxMails().last }
        guard let range = message.range(of: #"https?://[^\s]+/v1/bind\?token=[A-Za-z0-9_\-]+"#, options: .regularExpression) else {
            throw SetupError("no enrollment link in the email")
        }
        return String(message[range])
    }
}
