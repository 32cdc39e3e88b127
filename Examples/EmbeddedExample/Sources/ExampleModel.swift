import BeyondIdentityEmbedded
import Foundation
import SwiftUI

/// What the example does, each step one SDK call: configure, register from the enrollment
/// link, sign in (as a public client, or by answering an invoke URL), approve or decline a
/// sign-in started in a browser on another device, list and delete credentials, and add this
/// device's credential to another device.
@MainActor
final class ExampleModel: ObservableObject {
    /// The server, as `bi-server` prints it (a Mac's address when the app runs on a phone).
    @Published var server = "http://127.0.0.1:8080"
    /// The public client id (`bi admin applications create --type public …`).
    @Published var clientID = ""
    /// An enrollment link pasted from the email, for devices without the universal link set up.
    @Published var link = ""
    @Published private(set) var credentials: [Credential] = []
    @Published private(set) var status = "Enter the server and the client id, then Configure."
    /// The code another device types to get this device's credential.
    @Published private(set) var extensionCode: String?
    /// A sign-in started in a browser on another device, shown until the user approves or declines it.
    @Published private(set) var signInElsewhere: AuthenticationContext?

    /// The redirect URI registered for the public client.
    static let redirectURI = "https://example.app/callback"

    /// Points the SDK at the server; the key store is the platform's (the Secure Enclave).
    func configure() {
        guard let url = URL(string: server) else { return status = "The server is not a URL." }
        Embedded.initialize(
            biometricAskPrompt: "Sign in to the example", clientID: clientID, domain: Domain(baseURL: url),
            redirectURI: Self.redirectURI)
        status = "Configured for \(server)."
        Task { await reload() }
    }

    /// A URL the app was opened with: an invoke URL to answer, a sign-in URL of another device
    /// to show, or an enrollment link.
    func open(_ url: URL) {
        if Embedded.shared.isAuthenticateUrl(url) {
            Task { await answer(url) }
        } else {
            link = url.absoluteString
            Task { await register() }
        }
    }

    func register() async {
        guard let url = URL(string: link) else { return status = "The link is not a URL." }
        await run { let credential = try await Embedded.shared.registerCredentials(url); return "Registered \(credential.displayName)." }
    }

    func signIn() async {
        await run {
            let tokens = try await Embedded.shared.authenticate()
            return "Signed in. Access token: \(tokens.accessToken.type), bound to this device: \(tokens.isDPoPBound)."
        }
    }

    /// Answers an invoke URL; a sign-in URL of another device is only shown, for the user to decide.
    func answer(_ url: URL) async {
        do {
            signInElsewhere = try await Embedded.shared.getAuthenticationContext(url: url)
        } catch .invalidLink {  // an invoke URL: the browser is on this device
            await run { "Signed in; send the browser to \(try await Embedded.shared.authenticate(url: url).redirectURL)." }
        } catch {
            status = error.errorDescription ?? "\(error)"
        }
    }

    /// Approves or declines the sign-in of another device that is shown.
    func decide(approve: Bool) async {
        guard let signIn = signInElsewhere else { return }
        signInElsewhere = nil
        await run {
            guard approve else {
                try await Embedded.shared.declineAuthentication(url: signIn.authUrl)
                return "Declined; nobody was signed in."
            }
            return try await Embedded.shared.authenticate(url: signIn.authUrl).message ?? "Approved."
        }
    }

    func delete(_ credential: Credential) async {
        await run { _ = try await Embedded.shared.deleteCredential(for: credential.handle); return "Deleted." }
    }

    /// Shows a code for another device until it has the credential (or the user stops).
    func addDevice() async {
        do {
            for try await update in Embedded.shared.extendCredentials(handles: credentials.map(\.handle)) {
                switch update {
                case let .started(token, _), let .tokenUpdated(token, _): extensionCode = token.formatted
                case .done: (extensionCode, status) = (nil, "The other device has the credential.")
                case .aborted: (extensionCode, status) = (nil, "Stopped.")
                }
            }
        } catch {
            (extensionCode, status) = (nil, "Failed: \(error)")
        }
    }

    func stopAddingDevice() async {
        try? await Embedded.shared.cancelExtendCredentials()
    }

    private func reload() async {
        credentials = (try? await Embedded.shared.getCredentials()) ?? []
    }

    /// Runs one SDK call, showing its outcome; the SDK's errors say what happened.
    private func run(_ call: () async throws -> String) async {
        do {
            status = try await call()
        } catch {
            status = (error as? BISDKError)?.errorDescription ?? "\(error)"
        }
        await reload()
    }
}
