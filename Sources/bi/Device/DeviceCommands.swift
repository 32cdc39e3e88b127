import ArgumentParser
import BeyondIdentityEmbedded
import Foundation

/// `bi device …`: the sample app on the SDK.
struct DeviceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "device",
        abstract: "The sample app: a device directory with its key store, driven through the SDK.",
        discussion: """
            Examples:
              bi device configure --device ./phone --client-id ID --redirect-uri https://app.example/callback \
              bi device register --device ./phone 'http://127.0.0.1:8080/v1/bind?token=…' \
              bi device authenticate --device ./phone
            """,
        subcommands: [Configure.self, Register.self, Authenticate.self, Authorize.self, AuthenticateURL.self, Approve.self,
                      CreatePKCE.self, Credentials.self, Delete.self, Extend.self, Import.self, Refresh.self, SignOut.self])

    struct Configure: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Point a device at a server and an application.",
            discussion: "Example: bi device configure --device ./phone --server http://127.0.0.1:8080 --client-id ID --redirect-uri https://app.example/callback")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions
        @Option(help: ArgumentHelp(ServerAddress.help)) var server: String?
        @Option(help: "The application's client id.") var clientID: String
        @Option(help: "The application's redirect URI.") var redirectURI: String

        func run() async throws {
            try await Output.run {
                let server = try ServerAddress.resolve(server, environment: ProcessInfo.processInfo.environment)
                let settings = DeviceSettings(server: server, clientID: clientID, redirectURI: redirectURI)
                try settings.save(to: try device.directory())
                try Output.emit(settings, json: output.json, lines: ["configured \(try device.directory().path) for \(server)"])
            }
        }
    }

    struct Register: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register a credential from an enrollment (registration or recovery) link.",
            discussion: "Example: bi device register --device ./phone 'http://127.0.0.1:8080/v1/bind?token=…'")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "The link from the email, or the registration redirect URL.") var link: String

        func run() async throws {
            try await Output.run {
                guard let url = URL(string: link) else { throw CLIError("not a URL: \(link)") }
                let credential = try await device.sdk().registerCredentials(url)
                try Output.emit(CredentialView(credential), json: output.json, lines: CredentialView(credential).lines)
            }
        }
    }

    struct Authenticate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sign in as a public client: PKCE, code exchange and ID token check inside the SDK.",
            discussion: """
                Prints who signed in and the access token's type, scope and expiry; the tokens are kept in DIR/session.json, and printed with --show-tokens or --json.
                Example: bi device authenticate --device ./phone --credential HANDLE
                """)
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var tokens: TokenOptions
        @Option(help: "The credential to use when several fit.") var credential: String?

        func run() async throws {
            try await Output.run {
                let sdk = try device.sdk()
                let report = await SignInReport(try await sdk.authenticate(onSelectCredential: Selection.pick(credential)), sdk: sdk)
                try report.session.save(to: try device.directory())
                try Output.emit(report, json: output.json, lines: report.lines("signed in as", showTokens: tokens.showTokens))
            }
        }
    }

    struct Authorize: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Sign in as a confidential client: get an authorization code for the backend to exchange.",
            discussion: "Example: bi device authorize --device ./phone --scope 'openid profile' --pkce-challenge CHALLENGE")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions
        @Option(help: "Scopes, space separated.") var scope = "openid"
        @Option(help: "A PKCE S256 challenge (from `bi device pkce`).") var pkceChallenge: String?
        @Option(help: "The credential to use when several fit.") var credential: String?

        func run() async throws {
            try await Output.run {
                let challenge = pkceChallenge.map { PKCE.CodeChallenge(challenge: $0, method: "S256") }
                let code = try await device.sdk().authorize(
                    pkceChallenge: challenge, scope: scope, onSelectCredential: Selection.pick(credential))
                try Output.emit(["code": code.value], json: output.json, lines: ["authorization code: \(code.value)"])
            }
        }
    }

    struct AuthenticateURL: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "authenticate-url",
            abstract: "Answer an invoke URL (where /authorize sent the browser); prints the client redirect.",
            discussion: "Example: bi device authenticate-url --device ./phone 'https://app.example/invoke?transaction=…&api_base_url=…'")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "The invoke URL.") var url: String
        @Option(help: "The credential to use when several fit.") var credential: String?

        func run() async throws {
            try await Output.run {
                let sdk = try device.sdk()
                guard let invoke = URL(string: url), sdk.isAuthenticateUrl(invoke) else { throw CLIError("not an invoke URL: \(url)") }
                let response = try await sdk.authenticate(url: invoke, onSelectCredential: Selection.pick(credential))
                try Output.emit(["redirect_url": response.redirectURL.absoluteString, "message": response.message ?? ""],
                                json: output.json, lines: ["redirect to: \(response.redirectURL.absoluteString)"])
            }
        }
    }

    struct CreatePKCE: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pkce", abstract: "Create a PKCE verifier and its S256 challenge.",
            discussion: "Example: bi device pkce --device ./phone --json")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await Output.run {
                let pkce = try device.sdk().createPKCE()
                try Output.emit(
                    ["code_verifier": pkce.codeVerifier, "code_challenge": pkce.codeChallenge.challenge,
                     "code_challenge_method": pkce.codeChallenge.method],
                    json: output.json,
                    lines: ["verifier: \(pkce.codeVerifier)", "challenge (S256): \(pkce.codeChallenge.challenge)"])
            }
        }
    }

    struct Credentials: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the device's credentials.", discussion: "Example: bi device credentials --device ./phone")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await Output.run {
                let credentials = try await device.sdk().getCredentials().map(CredentialView.init)
                try Output.emit(credentials, json: output.json,
                                lines: credentials.isEmpty ? ["no credentials"] : credentials.flatMap { $0.lines + [""] })
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a credential: revoke it on the server, then remove key and chain.",
            discussion: "Example: bi device delete --device ./phone HANDLE")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions
        @Argument(help: "The credential's handle (see `bi device credentials`).") var handle: String

        func run() async throws {
            try await Output.run {
                let deleted = try await device.sdk().deleteCredential(for: Credential.Handle(handle))
                try Output.emit(CredentialView(deleted), json: output.json, lines: ["deleted \(deleted.handle.rawValue)"])
            }
        }
    }
}

/// `--credential HANDLE` as the SDK's selection callback.
enum Selection {
    static func pick(_ handle: String?) -> AsyncCredentialSelector? {
        guard let handle else { return nil }
        return { @Sendable credentials in credentials.first { $0.handle.rawValue == handle }?.handle }
    }
}

/// A credential as the CLI shows it.
struct CredentialView: Codable {
    let handle: String
    let state: String
    let identity: String
    let realm: String
    let tenant: String
    let created: Date
    let rootFingerprint: String

    init(_ credential: Credential) {
        handle = credential.handle.rawValue
        // snake_case like every other --json value (`user_suspended`).
        state = credential.state.rawValue.replacing(/([A-Z])/) { "_" + $0.output.1.lowercased() }
        identity = "\(credential.identityDisplayName) (\(credential.identityUsername))"
        realm = credential.realmDisplayName
        tenant = credential.tenantDisplayName
        created = credential.created
        rootFingerprint = credential.rootFingerprint
    }

    var lines: [String] {
        ["credential \(handle) [\(state)]", "  identity: \(identity)", "  realm: \(realm) / tenant: \(tenant)",
         "  root fingerprint (SHA-256): \(rootFingerprint)"]
    }
}
