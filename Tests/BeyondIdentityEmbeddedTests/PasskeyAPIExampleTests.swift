public import BeyondIdentityEmbedded
import Foundation
import Testing

// Code written against the 2.x API as the vendor's example app uses it (bi-sdk-swift 2.x,
// Example/Sources/EmbeddedExample): initialize with a retry, bind from a link, list, let the
// user choose, authenticate, check the redirect, the context, an email code and its
// redemption, delete; callbacks and async forms, the models' fields, and an app's own
// extensions of the models. Compiled by this target, not run: an app's calls need a server
// (PasskeyAPITests and EmailCodeTests run the same calls against the fake one).
//
// One difference from the vendor's: `Theme`'s URLs are optional here, since a realm need not
// set a logo or a support page; the example's descriptions interpolate them either way.

/// The parts of the example's screens that call the SDK, without the screens.
@MainActor final class PasskeyAPIExample {
    let biometricAskPrompt = "Please verify it's really you."
    var emailOtpUrl: URL?
    var output: [String] = []

    func printToScreen(_ text: String) { output.append(text) }

    // Scene delegate: initialize, retry once, bind the link the app was opened with.
    func sceneWillConnect(openedWith url: URL?) {
        Task {
            do {
                try await Embedded.initialize(
                    biometricAskPrompt: biometricAskPrompt,
                    logger: { _, message in print(message) })
            } catch {
                print(error.localizedDescription)
                try await Embedded.initialize(
                    allowedDomains: ["id.example.com"],
                    biometricAskPrompt: biometricAskPrompt,
                    logger: { _, message in print(message) })
            }
        }
        if let url { register(url) }
    }

    func register(_ url: URL) {
        Embedded.shared.bindPasskey(url: url) { result in
            switch result {
            case let .success(response):
                print("Registered passkey: \(response.passkey.identity.displayName)")
                if let next = response.postBindingRedirectUri { print(next) }
            case let .failure(error):
                print(error.localizedDescription)
            }
        }
    }

    // Binding through the app's backend, which answers with a credential binding link.
    func bindPasskey(link: String) async -> String {
        guard let url = URL(string: link) else { return "passkeyBindingLink is not a URL: \(link)" }
        do {
            let response = try await Embedded.shared.bindPasskey(url: url)
            return response.passkey.description
        } catch {
            return "\(error)"
        }
    }

    // URL verification.
    func verify(_ url: URL) -> String {
        if Embedded.shared.isAuthenticateUrl(url) { return "authenticate URL" }
        if Embedded.shared.isBindPasskeyUrl(url) { return "bind passkey URL" }
        return "neither"
    }

    // Authentication: the context, then a passkey the user chooses.
    func showContext(of url: URL) async {
        do {
            let authenticationContext = try await Embedded.shared.getAuthenticationContext(url: url)
            printToScreen(authenticationContext.description)
            printToScreen(authenticationContext.authUrl.absoluteString)
        } catch {
            printToScreen("\(error)")
        }
    }

    func authenticate(url: URL) async throws -> AuthenticateResponse {
        let passkeys = try await Embedded.shared.getPasskeys()
        guard !passkeys.isEmpty else { throw BISDKError.description("Passkeys are missing") }
        if passkeys.count == 1, let id = passkeys.first?.id {
            return try await authenticateIfValid(url: url, id: id)
        }
        guard let id = await presentPasskeySelection(passkeys) else { throw BISDKError.description("User canceled") }
        return try await authenticateIfValid(url: url, id: id)
    }

    func presentPasskeySelection(_ passkeys: [Passkey]) async -> Passkey.Id? {
        await withCheckedContinuation { continuation in
            presentPasskeySelection(passkeys) { continuation.resume(returning: $0) }
        }
    }

    func presentPasskeySelection(_ passkeys: [Passkey], _ completion: @escaping (Passkey.Id?) -> Void) {
        let titles = passkeys.map { $0.identity.displayName }
        completion(titles.isEmpty ? nil : passkeys[0].id)
    }

    func authenticateIfValid(url: URL, id: Passkey.Id) async throws -> AuthenticateResponse {
        let response = try await Embedded.shared.authenticate(url: url, id: id)
        return try validate(response)
    }

    func validate(_ response: AuthenticateResponse) throws -> AuthenticateResponse {
        if let components = URLComponents(url: response.redirectUrl, resolvingAgainstBaseURL: false),
           components.queryItems?.contains(where: { $0.name == "code" }) == true {
            return response
        }
        throw BISDKError.description("response.redirectUrl doesn't have any url components")
    }

    func authenticate(url: URL, id: Passkey.Id) {
        Embedded.shared.authenticate(url: url, id: id) { result in
            switch result {
            case let .success(response): print(response.redirectUrl.absoluteString, response.message ?? "")
            case let .failure(error): print(error.localizedDescription)
            }
        }
    }

    // Email one-time codes.
    func sendCode(url: URL, email: String) async {
        do {
            let response = try await Embedded.shared.authenticateOtp(url: url, email: email)
            emailOtpUrl = response.url
            printToScreen(response.description)
        } catch {
            printToScreen("\(error)")
        }
    }

    func redeem(otp: String) async {
        guard let emailOtpUrl else {
            printToScreen("Missing emailOtpUrl")
            return
        }
        do {
            let authenticateResponse = try await Embedded.shared.redeemOtp(url: emailOtpUrl, otp: otp)
            switch authenticateResponse {
            case let .success(response):
                printToScreen(response.description)
                if let token = response.passkeyBindingToken { printToScreen("binding token: \(token)") }
            case let .failedOtp(otpChallengeResponse):
                self.emailOtpUrl = otpChallengeResponse.url
                printToScreen("Wrong code, try again")
            }
        } catch {
            printToScreen("\(error)")
        }
    }

    func redeem(url: URL, otp: String, email: String) {
        Embedded.shared.redeemOtp(url: url, otp: otp) { result in print(result) }
        Embedded.shared.authenticateOtp(url: url, email: email) { result in print(result) }
        Embedded.shared.getAuthenticationContext(url: url) { result in print(result) }
    }

    // Managing passkeys.
    func listPasskeys() async -> String {
        do {
            let passkeys = try await Embedded.shared.getPasskeys()
            guard !passkeys.isEmpty else { return "No passkeys found" }
            return passkeys.map({ $0.description }).joined()
        } catch {
            return "\(error)"
        }
    }

    func delete(_ input: String) async -> String {
        let id = Passkey.Id(input)
        do {
            try await Embedded.shared.deletePasskey(for: id)
            return "Deleted Passkey Id: \(id.value)"
        } catch {
            return "\(error)"
        }
    }

    func listAndDelete() {
        Embedded.shared.getPasskeys { result in
            guard case let .success(passkeys) = result, let first = passkeys.first else { return }
            Embedded.shared.deletePasskey(for: first.id) { result in print(result) }
        }
        Embedded.initialize(allowedDomains: nil, biometricAskPrompt: "Sign in", logger: nil) { result in
            if case let .failure(error) = result { print(error.localizedDescription) }
        }
    }
}

// An app's own descriptions of the models, as the example's UIHelpers declare them (so the
// SDK must not already conform them to CustomStringConvertible).
extension AuthenticateResponse: CustomStringConvertible {
    public var description: String {
        """
        redirectUrl: \(redirectUrl)
        message: \(message ?? "")
        passkeyBindingToken: \(passkeyBindingToken ?? "")
        """
    }
}

extension Passkey: CustomStringConvertible {
    public var description: String {
        """
        id: \(id.value)
        passkeyId: \(passkeyId.value)
        localCreated: \(localCreated)
        localUpdated: \(localUpdated)
        apiBaseUrl: \(apiBaseUrl)
        keyHandle: \(keyHandle.value)
        state: \(state.rawValue)
        created: \(created)
        updated: \(updated)
        tenant: \(tenant.description)
        realm: \(realm.description)
        identity: \(identity.description)
        theme: \(theme.description)
        """
    }
}

extension Tenant: CustomStringConvertible {
    public var description: String { "id: \(id.value) displayName: \(displayName)" }
}

extension Realm: CustomStringConvertible {
    public var description: String { "id: \(id.value) displayName: \(displayName)" }
}

extension Identity: CustomStringConvertible {
    public var description: String {
        "id: \(id.value) displayName: \(displayName) username: \(username) primaryEmailAddress: \(primaryEmailAddress ?? "")"
    }
}

extension Theme: CustomStringConvertible {
    public var description: String {
        "logoLightUrl: \(String(describing: logoLightUrl)) logoDarkUrl: \(String(describing: logoDarkUrl)) supportUrl: \(String(describing: supportUrl))"
    }
}

extension AuthenticationContext {
    public var description: String {
        """
        authUrl: \(authUrl)
        application: \(application.description)
        origin: \(origin.description)
        """
    }
}

extension AuthenticationContext.Application {
    public var description: String { "id: \(id.value) displayName: \(displayName ?? "")" }
}

extension AuthenticationContext.Origin {
    public var description: String {
        "sourceIp: \(sourceIp ?? "") userAgent: \(userAgent ?? "") geolocation: \(geolocation ?? "") referer: \(referer ?? "")"
    }
}

/// A context an app builds itself (a preview, a test), with the 2.x initializers.
let previewContext = AuthenticationContext(
    authUrl: URL(string: "https://id.example.com/bi/sign-in")!,
    application: AuthenticationContext.Application(id: AuthenticationContext.Application.Id("app-web"), displayName: "Web shop"),
    origin: AuthenticationContext.Origin(sourceIp: nil, userAgent: nil, geolocation: nil, referer: nil))

extension OtpChallengeResponse {
    public var description: String { "url: \(url)" }
}

@Suite struct PasskeyAPIExampleTests {
    /// The example compiles (this file); its one call that needs no server runs.
    @Test @MainActor func theExampleCompilesAgainstThisSDK() {
        let example = PasskeyAPIExample()
        #expect(example.verify(URL(string: "https://app.example/nothing")!) == "neither")
        #expect(previewContext.application.description == "id: app-web displayName: Web shop")
    }
}
