import BeyondIdentityEmbedded
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The integration guide's code (`IntegratingTheSDK.md` in the DocC catalogue), compiled: the
/// functions between the markers are the guide's Swift blocks, in order, and a test checks
/// that they still are. None of them is called (they would need a server).
enum IntegrationGuide {
    // guide begin
    func configureSDK() {
        Embedded.initialize(
            biometricAskPrompt: "Sign in to Shop",
            clientID: "bic_…",                                                   // the public client id
            domain: Domain(baseURL: URL(string: "https://id.example.com")!),    // your bi-server
            redirectURI: "https://shop.example/callback")
    }
    func register(from link: URL) async -> String {
        do {
            let credential = try await Embedded.shared.registerCredentials(link)
            return "Registered \(credential.identityUsername) on this device."
        } catch .invalidBindingToken {
            return "This link was already used or has expired: ask for a new one."
        } catch let error where error.errorType == .otherServer {
            return "This link is for another server (\(error.apiBaseURL ?? ""))."
        } catch {
            return error.localizedDescription
        }
    }
    func signIn() async throws(BISDKError) -> TokenResponse {
        let tokens = try await Embedded.shared.authenticate(onSelectCredential: { credentials in
            credentials.first?.handle          // or ask the user which account to use
        })
        assert(tokens.isDPoPBound == (tokens.boundCredential != nil))
        return tokens
    }
    func signInThroughBackend() async throws(BISDKError) -> (code: String, verifier: String) {
        let pkce = Embedded.shared.createPKCE()
        let code = try await Embedded.shared.authorize(pkceChallenge: pkce.codeChallenge, scope: "openid profile")
        return (code.value, pkce.codeVerifier)
    }
    func answer(_ url: URL) async throws(BISDKError) -> URL? {
        guard Embedded.shared.isAuthenticateUrl(url) else { return nil }   // not an invoke URL of our server
        let response = try await Embedded.shared.authenticate(url: url)
        return response.redirectURL                                       // open it in the browser
    }
    func approveOnThisPhone(_ url: URL, ask: (String) async -> Bool) async throws(BISDKError) -> String {
        guard Embedded.shared.isAuthenticateUrl(url) else { return "Not a sign-in link of our server." }
        let context = try await Embedded.shared.getAuthenticationContext(url: url)
        let question = "Sign in to \(context.application.displayName ?? "the application") on "
            + "\(context.origin.userAgent ?? "a browser") at \(context.origin.sourceIp ?? "an unknown address")"
            + "\(context.origin.geolocation.map { " (\($0))" } ?? "")? Approve only a sign-in you started yourself."
        guard await ask(question) else {
            try await Embedded.shared.declineAuthentication(url: url)
            return "Declined."
        }
        let response = try await Embedded.shared.authenticate(url: url)      // signs with the device key
        return response.message ?? "Continue on your other device."        // continuesOnOtherDevice is true
    }
    func loadOrders(with tokens: TokenResponse) async throws(BISDKError) -> (Data, TokenResponse) {
        let request = URLRequest(url: URL(string: "https://api.shop.example/orders")!)
        let (data, response) = try await Embedded.shared.data(for: request, tokens: tokens)
        guard response.statusCode == 401 else { return (data, tokens) }
        let renewed = try await Embedded.shared.refreshTokens(tokens)          // expired: renew, try once more
        return (try await Embedded.shared.data(for: request, tokens: renewed).0, renewed)
    }

    func signOut(_ tokens: TokenResponse) async {
        try? await Embedded.shared.endSession(tokens)          // revokes, then logs out at the server
    }
    func credentialsToShow() async throws(BISDKError) -> [Credential] {
        try await Embedded.shared.getCredentials().filter { $0.state == .active }
    }

    func remove(_ credential: Credential) async throws(BISDKError) {
        _ = try await Embedded.shared.deleteCredential(for: credential.handle)   // revokes on the server, then deletes here
    }
    func showCode(for credential: Credential, display: @escaping @Sendable (String) -> Void) async throws {
        for try await status in Embedded.shared.extendCredentials(handles: [credential.handle]) {
            switch status {
            case let .started(token, _), let .tokenUpdated(token, _): display(token.formatted)
            case .done, .aborted: return
            }
        }
    }

    func importCredential(code: String) async throws(BISDKError) -> [Credential] {
        try await Embedded.shared.registerCredentials(token: CredentialToken(value: code))   // "182 059 252" is fine
    }
    func message(for error: BISDKError) -> String {
        switch error {
        case .userCancelled: return ""                                               // nothing to say
        case .serverUnreachable: return "No connection to the server. Try again."    // nothing changed
        case .credentialNotFound: return "This device has no account yet: open your enrollment link."
        case .credentialRevoked, .identityInactive: return "This account can no longer sign in here."
        case .userVerificationFailed(.biometryChanged): return "Face ID or Touch ID changed: register this device again."
        case .userVerificationFailed(.biometryLockedOut): return "Unlock the device with its passcode, then try again."
        case .sessionEnded: return "Please sign in again."
        default: return error.localizedDescription
        }
    }
    // guide end
}

@Suite struct IntegrationGuideTests {
    @Test func theGuideShowsThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: here, encoding: .utf8)
        let guide = try String(
            contentsOf: here.deletingLastPathComponent()
                .appendingPathComponent("../../Sources/BeyondIdentityEmbedded/BeyondIdentityEmbedded.docc/IntegratingTheSDK.md")
                .standardized,
            encoding: .utf8)
        func code(_ text: some StringProtocol) -> [String] {
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        let compiled = source.components(separatedBy: "// guide begin\n")[1].components(separatedBy: "    // guide end")[0]
        let shown = guide.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(code(shown.joined(separator: "\n")) == code(compiled))
        #expect(shown.count == 10)
    }
}
