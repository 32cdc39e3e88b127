import BeyondIdentityEmbedded
import Foundation
import QRCodeEncoder
import Testing

// The Swift snippets of seeds 000 (overview), 002 (authenticate with a URL) and 004 (overview
// with `domain:`), compiled against the public API with only the edits a reader makes anyway:
// placeholders filled (`viewModel`, `url`, `credential`, `PKCE.CodeChallenge?`, the `callback:`
// signature line of the `authorize` snippet), empty `case` bodies given a statement, the stray
// `}` of the delete snippet removed, and UIKit / AuthenticationServices
// (`ASWebAuthenticationSession`, `UIImageView`) lines removed. The `extendCredentials` snippet
// also gains a `case .aborted` (the status the SDK adds for a cancelled extension; Swift
// requires the switch to name it). The functions that would reach a server are never called.

/// The seeds' `viewModel` placeholder.
struct SeedViewModel {
    var biometricAskPromptText = "Sign in to Example"
    var confidentialClientID = "example-app"
    var redirectURI = "https://app.example/callback"
    var domain = Domain(baseURL: URL(string: "http://127.0.0.1:18081")!)
    var logger: @Sendable (LogLevel, String) -> Void = { level, message in print("[\(level)] \(message)") }
}

/// The seeds' `presentCredentialSelection` / `presentCredentialSelectionToUser` placeholder.
@Sendable func presentCredentialSelectionToUser(
    _ credentials: [Credential], _ completion: @escaping @Sendable (Credential.Handle?) -> Void
) {
    completion(credentials.first?.handle)
}

enum Seed000 {
    static func setup(viewModel: SeedViewModel) {
        Embedded.initialize(
            biometricAskPrompt: viewModel.biometricAskPromptText,
            clientID: viewModel.confidentialClientID,
            redirectURI: viewModel.redirectURI,
            logger: viewModel.logger
        )
    }

    static func intercept(url: URL) {
        Embedded.shared.registerCredentials(url) { result in
            switch result {
            case let .success(response):
                print(response)
            case let .failure(error):
                print(error)
            }
        }
    }

    static func confidentialClient(pkceChallenge: PKCE.CodeChallenge?) {
        Embedded.shared.authorize(
            pkceChallenge: pkceChallenge,
            scope: "openid"
        ) { result in
            switch result {
            case let .success(code):
                print(code)
            case let .failure(error):
                print(error)
            }
        }
    }

    static func publicClient() {
        Embedded.shared.authenticate { result in
            switch result {
            case let .success(tokenResponse):
                print(tokenResponse.description)
            case let .failure(error):
                print(error.localizedDescription)
            }
        }
    }

    static func getCredentials() {
        Embedded.shared.getCredentials { result in
            switch result {
            case let .success(credentials):
                guard !credentials.isEmpty else {
                    print(credentials)
                    return
                }
            case let .failure(error):
                print(error)
            }
        }
    }

    static func extend(credential: Credential) {
        Embedded.shared.extendCredentials(handles: [credential.handle]) { result in
            switch result {
            case let .success(extendStatus):
                switch extendStatus {
                case let .started(token, qrcode):
                    print(token, qrcode as Any)
                case let .tokenUpdated(token, qrcode):
                    // Display token
                    print(token)

                    if let qrcode = qrcode {
                        // And/Or Display the QRCode
                        print(qrcode.size)
                    }
                case .done:
                    // extension is complete
                    print("done")
                case .aborted:
                    print("aborted")
                }
            case let .failure(error):
                print(error)
            }
        }
    }

    static func cancelExtend() {
        Embedded.shared.cancelExtendCredentials() { result in
            switch result {
                case .success:
                    // Cancel was successful
                    print("cancelled")
                case let .failure(error):
                    print(error)
            }
        }
    }

    static func importCredential(tokenToImport: CredentialToken) {
        Embedded.shared.registerCredentials(token: tokenToImport) { result in
            switch result {
            case let .success(credentials):
                print(credentials)
            case let .failure(error):
                print(error)
            }
        }
    }

    static func delete(credential: Credential) {
        Embedded.shared.deleteCredential(for: credential.handle) { result in
            switch result {
            case let .success(credential):
                 print(credential)
            case let .failure(error):
                print(error)
            }
        }
    }
}

enum Seed002 {
    static func invoke(url: URL) {
        guard Embedded.shared.isAuthenticateUrl(url) else {
            print("url is not valid")
            return
        }
        Embedded.shared.authenticate(
            url: url,
            onSelectCredential: presentCredentialSelectionToUser
        ) { result in
            switch result {
            case let .success(response):
                print(response.redirectURL)
            case let .failure(error):
                print(error)
            }
        }
    }
}

enum Seed004 {
    static func setup(viewModel: SeedViewModel) {
        Embedded.initialize(
            biometricAskPrompt: viewModel.biometricAskPromptText,
            clientID: viewModel.confidentialClientID,
            domain: viewModel.domain,
            redirectURI: viewModel.redirectURI,
            logger: viewModel.logger
        )
    }
}

@Suite struct SeedSnippetTests {
    /// `initialize` (the one snippet that reaches no server) configures `Embedded.shared`.
    @Test func initializeWithDomainConfiguresShared() {
        Seed004.setup(viewModel: SeedViewModel())
        #expect(Embedded.shared.isAuthenticateUrl(
            URL(string: "https://app.example/invoke?transaction=t&api_base_url=http://127.0.0.1:18081")!))
        Seed000.setup(viewModel: SeedViewModel())
        #expect(Embedded.shared.isAuthenticateUrl(
            URL(string: "https://app.example/invoke?transaction=t&api_base_url=http://127.0.0.1:8080")!))
    }
}
