import ArgumentParser
import BeyondIdentityEmbedded
import Foundation
import IdentityProtocol
import QRCodeEncoder

/// `bi demo`: the whole system in one process, step by step.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run a server, enroll a device from an email, sign in (public and confidential client), add a second device with a code.",
        discussion: "Example: bi demo          (or: bi demo --json | jq .id_token)")

    @OptionGroup var output: OutputOptions

    func run() async throws {
        try await Output.run {
            let server = try await DemoServer.start()
            do {
                let result = try await Demo(server: server, json: output.json).run()
                await server.stop()
                try Output.emit(result, json: output.json, lines: ["", "demo complete: a verified passwordless sign-in"])
            } catch {
                await server.stop()
                throw error
            }
        }
    }
}

/// The demo's story.
private struct Demo {
    let server: DemoServer
    let json: Bool
    static let registration = "https://app.example/register"
    static let callback = "https://app.example/callback"
    static let invoke = "https://app.example/invoke"

    func run() async throws -> DemoResult {
        let admin = JSONHTTP(baseURL: server.baseURL, authorization: "Bearer \(server.adminToken)")
        Output.step("bi-server running at \(server.baseURL) (SQLite in \(server.dataDirectory.path))", json: json)

        let tenant: IdentityProtocol.Tenant = try await admin.send("POST", AdminAPI.tenants, json: TenantInput(displayName: "Acme"))
        let realm: IdentityProtocol.Realm = try await admin.send("POST", AdminAPI.realms(tenant: tenant.id),
                                                json: RealmInput(displayName: "Customers", registrationRedirectURI: Self.registration))
        Output.step("created tenant \(tenant.displayName) and realm \(realm.displayName); issuer \(realm.issuer)", json: json)
        let publicApp: Application = try await admin.send("POST", AdminAPI.applications(tenant: tenant.id, realm: realm.id), json: ApplicationInput(
            displayName: "Acme app", clientType: ClientType.public.rawValue, redirectURIs: [Self.callback], invokeURL: Self.invoke,
            allowedScopes: ["openid", "profile", "email"]))
        let backendApp: Application = try await admin.send("POST", AdminAPI.applications(tenant: tenant.id, realm: realm.id), json: ApplicationInput(
            displayName: "Acme backend", clientType: ClientType.confidential.rawValue, redirectURIs: [Self.callback], invokeURL: Self.invoke,
            allowedScopes: ["openid", "profile", "email"]))
        Output.step("created a public client \(publicApp.clientID) and a confidential client \(backendApp.clientID)", json: json)
        let identity: IdentityProtocol.Identity = try await admin.send("POST", AdminAPI.identities(tenant: tenant.id, realm: realm.id), json: IdentityInput(
            username: "ada", email: "ada@example.com", displayName: "Ada Lovelace"))
        let _: BindingJob = try await admin.send("POST", AdminAPI.bindingJobs(tenant: tenant.id, realm: realm.id, identity: identity.id),
                                                  json: BindingJobInput(kind: BindingJobKind.registration.rawValue, delivery: BindingJobDelivery.email.rawValue))
        let link = try await server.linkFromNewestEmail()
        Output.step("created identity \(identity.username); enrollment email written to the outbox", json: json)

        let keys = server.dataDirectory.appendingPathComponent("device-keys")
        let domain = Domain(baseURL: URL(string: server.baseURL)!)
        let app = Embedded(biometricAskPrompt: "Sign in", clientID: publicApp.clientID, domain: domain,
                           redirectURI: Self.callback, keyStore: FileKeyStore(directory: keys))
        let credential = try await app.registerCredentials(URL(string: link)!)
        Output.step("device registered credential \(credential.handle.rawValue) for \(credential.identityDisplayName)", json: json)

        let tokens = try await app.authenticate()
        Output.step("authenticate(): signed in with the device key; ID token verified by the SDK", json: json)
        if !json { IDTokenClaims.lines(tokens.idToken).forEach { print("    \($0)") } }

        let backendDevice = Embedded(biometricAskPrompt: "Sign in", clientID: backendApp.clientID, domain: domain,
                                     redirectURI: Self.callback, keyStore: FileKeyStore(directory: keys))
        let pkce = backendDevice.createPKCE()
        let code = try await backendDevice.authorize(pkceChallenge: pkce.codeChallenge, scope: "openid profile")
        let basic = Data("\(backendApp.clientID):\(backendApp.clientSecret ?? "")".utf8).base64EncodedString()
        let backend = JSONHTTP(baseURL: server.baseURL, authorization: "Basic \(basic)")
        let exchanged: TokenEndpointResponse = try await backend.send("POST", backendApp.issuer + ProviderPath.token, form: [
            "grant_type": "authorization_code", "code": code.value, "redirect_uri": Self.callback,
            "code_verifier": pkce.codeVerifier,
        ])
        Output.step("authorize(): the backend exchanged the code (client_secret_basic + PKCE) for tokens", json: json)

        let second = try await addSecondDevice(from: app, credential: credential, clientID: publicApp.clientID, domain: domain)
        let jwks: JWKSet = try await JSONHTTP(baseURL: server.baseURL).send("GET", realm.issuer + ProviderPath.jwks)
        return DemoResult(
            issuer: realm.issuer, clientID: publicApp.clientID, idToken: tokens.idToken,
            accessToken: tokens.accessToken.value, jwks: jwks, credentialID: credential.handle.rawValue,
            confidentialClientID: backendApp.clientID, confidentialIDToken: exchanged.idToken ?? "",
            confidentialAccessToken: exchanged.accessToken, secondDeviceCredentialID: second.credential.handle.rawValue,
            secondDeviceIDToken: second.tokens.idToken)
    }

    /// Extends the credential to a second device with a 9-digit code, then signs in there.
    private func addSecondDevice(
        from first: Embedded, credential: Credential, clientID: String, domain: Domain
    ) async throws -> (credential: Credential, tokens: TokenResponse) {
        let device = Embedded(biometricAskPrompt: "Sign in", clientID: clientID, domain: domain, redirectURI: Self.callback,
                              keyStore: FileKeyStore(directory: server.dataDirectory.appendingPathComponent("second-device-keys")))
        var updates = first.extendCredentials(handles: [credential.handle]).makeAsyncIterator()
        guard case let .started(token, qrCode)? = try await updates.next() else { throw CLIError("the extension did not start") }
        Output.step("extendCredentials(): the first device shows code \(token.formatted) and its QR code", json: json)
        if !json, let qrCode { print(qrCode.terminalText()) }
        guard let imported = try await device.registerCredentials(token: token).first else { throw CLIError("nothing imported") }
        guard case .done? = try await updates.next() else { throw CLIError("the first device did not finish the extension") }
        Output.step("registerCredentials(token:): a second device holds credential \(imported.handle.rawValue), "
                    + "certified by the first device's key (chain of \(imported.chain.count))", json: json)
        let tokens = try await device.authenticate()
        Output.step("authenticate() on the second device: signed in as \(imported.identityDisplayName); ID token verified", json: json)
        return (imported, tokens)
    }
}

/// What `bi demo --json` prints: enough for a script to verify the tokens with its own library.
private struct DemoResult: Codable {
    let issuer: String
    let clientID: String
    let idToken: String
    let accessToken: String
    let jwks: JWKSet
    let credentialID: String
    let confidentialClientID: String
    let confidentialIDToken: String
    let confidentialAccessToken: String
    let secondDeviceCredentialID: String
    let secondDeviceIDToken: String

    enum CodingKeys: String, CodingKey {
        case issuer, jwks
        case clientID = "client_id"
        case idToken = "id_token"
        case accessToken = "access_token"
        case credentialID = "credential_id"
        case confidentialClientID = "confidential_client_id"
        case confidentialIDToken = "confidential_id_token"
        case confidentialAccessToken = "confidential_access_token"
        case secondDeviceCredentialID = "second_device_credential_id"
        case secondDeviceIDToken = "second_device_id_token"
    }
}

/// A JSON Web Key Set of P-256 keys, as served.
private struct JWKSet: Codable {
    struct Key: Codable {
        let kty, crv, x, y, kid, use, alg: String
    }
    let keys: [Key]
}

/// The claims of an ID token, for display (the SDK has verified it).
private enum IDTokenClaims {
    static func lines(_ token: String) -> [String] {
        let parts = token.split(separator: ".")
        guard parts.count == 3, let payload = Data(base64URLEncoded: String(parts[1])),
              let claims = try? JSONSerialization.jsonObject(with: payload) as? [String: Any]
        else { return ["(unreadable ID token)"] }
        return claims.keys.sorted().map { "\($0): \(claims[$0].map { "\($0)" } ?? "")" }
    }
}
