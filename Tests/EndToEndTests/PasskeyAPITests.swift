import BeyondIdentityEmbedded
import Foundation
import IdentityProtocol
import JWTKit
import Testing
import ServerTestSupport

/// The SDK's 2.x API (issue 33) against a live server, called as the vendor's example app calls
/// it: `allowedDomains`, the lost-phone story (a credential on device A; device B signs in with
/// an email code, binds a passkey with the binding token, signs in with it, deletes it), the
/// assurance each sign-in's ID token states, and URLs outside `allowedDomains`.
@Suite struct PasskeyAPITests {
    /// A device of the 2.x generation: an SDK initialized with `allowedDomains` and its own key store.
    private struct Device {
        let sdk: Embedded
        let keyStoreDirectory: URL

        init(allowedDomains: [String] = ["127.0.0.1"]) throws {
            keyStoreDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-device-\(UUID().uuidString)")
            sdk = try Embedded(
                allowedDomains: allowedDomains, biometricAskPrompt: "Please verify it's really you.",
                keyStore: FileKeyStore(directory: keyStoreDirectory))
        }
    }

    /// A live server whose realm's public application offers email codes and binding after them.
    private static func withEmailCodes(_ body: @escaping @Sendable (RunningServer, TestRealm) async throws -> Void) async throws {
        try await RunningServer.withRealm(.live) { server, realm in
            let updated = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.publicClient), json: ["sign_in_methods": ["same_device", "email_code"], "email_code_binding": true])
            try #require(updated.status == 200, "\(updated.json)")
            try await body(server, realm)
        }
    }

    /// A relying party's new sign-in: its `/authorize` redirect to the application's invoke URL.
    private static func signIn(_ realm: TestRealm, server: RunningServer) async throws -> (TestRelyingParty, URL) {
        let party = TestRelyingParty(application: realm.publicClient, server: server)
        let invoke = try await party.authorize()
        try #require(invoke.status == 302)
        let location = try #require(invoke.location)
        return (party, try #require(URL(string: location)))
    }

    /// The ID token a relying party gets for a redirect with a code, verified, with its amr and acr.
    private static func claims(
        after redirect: URL, party: TestRelyingParty, amr: [String], acr: String
    ) async throws -> TestRelyingParty.IDClaims {
        #expect(HTTPTestClient.queryItem("state", in: redirect.absoluteString) == party.state)
        let tokens = try await party.exchange(try #require(HTTPTestClient.queryItem("code", in: redirect.absoluteString)))
        try #require(tokens.status == 200, "\(tokens.json)")
        return try await party.verifyIDToken(try #require(tokens.json["id_token"] as? String), expectingAMR: (amr, acr))
    }

    @Test func aLostPhonesOwnerGetsBackInWithAnEmailCodeAndANewPasskey() async throws {
        try await Self.withEmailCodes { server, realm in
            // Device A, the phone that will be lost, has the user's passkey.
            let phone = try Device()
            let first = try await phone.sdk.bindPasskey(url: URL(string: try await realm.enrollmentLink())!)
            #expect(first.passkey.identity.id.value == realm.identityID && first.passkey.state == .active)
            #expect(first.passkey.identity.username == "ada" && first.passkey.identity.displayName == "Ada Lovelace")
            #expect(first.passkey.realm.id.value == realm.realmID && first.passkey.tenant.id.value == realm.tenantID)
            #expect(first.passkey.apiBaseUrl.absoluteString == server.baseURL)

            // Device B, a new phone, has none, and answers a sign-in with an email code.
            let newPhone = try Device()
            #expect(try await newPhone.sdk.getPasskeys().isEmpty)
            let (party, invoke) = try await Self.signIn(realm, server: server)
            #expect(newPhone.sdk.isAuthenticateUrl(invoke) && !newPhone.sdk.isBindPasskeyUrl(invoke))
            let challenge = try await newPhone.sdk.authenticateOtp(url: invoke, email: "ada@example.com")
            #expect(challenge.attemptsLeft == 5)
            let code = try RunningServer.emailCode(in: try await server.mail(to: "ada@example.com"))

            let wrong = try await newPhone.sdk.redeemOtp(url: challenge.url, otp: code == "000000" ? "111111" : "000000")
            guard case let .failedOtp(retry) = wrong else { Issue.record("a wrong code succeeded: \(wrong)"); return }
            #expect(retry.attemptsLeft == 4)
            let right = try await newPhone.sdk.redeemOtp(url: retry.url, otp: code)
            guard case let .success(signedIn) = right else { Issue.record("the right code failed: \(right)"); return }
            let byCode = try await Self.claims(after: signedIn.redirectUrl, party: party, amr: ["otp"], acr: "otp")
            #expect(byCode.sub.value == realm.identityID)

            // The binding token sets up a passkey on this device.
            let token = try #require(signedIn.passkeyBindingToken)
            let link = try #require(URL(string: "\(server.baseURL)\(DeviceAPI.enrollmentLink)?token=\(token)"))
            #expect(newPhone.sdk.isBindPasskeyUrl(link))
            let bound = try await newPhone.sdk.bindPasskey(url: link)
            #expect(bound.passkey.identity.id.value == realm.identityID && bound.passkey.id != first.passkey.id)
            let passkeys = try await newPhone.sdk.getPasskeys()
            #expect(passkeys.map(\.id) == [bound.passkey.id] && passkeys.first?.state == .active)

            // A new sign-in with that passkey: a software key in the file key store, nothing verified.
            let (party2, invoke2) = try await Self.signIn(realm, server: server)
            let byKey = try await newPhone.sdk.authenticate(url: invoke2, id: bound.passkey.id)
            let claims = try await Self.claims(after: byKey.redirectUrl, party: party2, amr: ["swk"], acr: "phr")
            #expect(claims.sub.value == realm.identityID)

            // The lost phone's passkey still works until the user deletes it; deleting revokes it.
            let (party3, invoke3) = try await Self.signIn(realm, server: server)
            let fromOldPhone = try await phone.sdk.authenticate(url: invoke3, id: first.passkey.id)
            _ = try await Self.claims(after: fromOldPhone.redirectUrl, party: party3, amr: ["swk"], acr: "phr")
            try await newPhone.sdk.deletePasskey(for: bound.passkey.id)
            #expect(try await newPhone.sdk.getPasskeys().isEmpty)
            let onServer = try await server.admin.send("GET", "\(realm.identityPath)/credentials/\(bound.passkey.id.value)")
            #expect(onServer.json["state"] as? String == "revoked")
            try await newPhone.sdk.deletePasskey(for: bound.passkey.id)  // an unknown id is no error
        }
    }

    /// A URL whose server is not on an allowed host is refused before any request: the same live
    /// server named `localhost` (not in the list) sends no mail and spends no binding token.
    @Test func aURLOutsideAllowedDomainsIsRefusedBeforeAnyRequest() async throws {
        try await Self.withEmailCodes { server, realm in
            let device = try Device()
            let elsewhere = server.baseURL.replacingOccurrences(of: "127.0.0.1", with: "localhost")
            let refusal = BISDKError.otherServer(apiBaseURL: elsewhere)

            let (_, invoke) = try await Self.signIn(realm, server: server)
            var components = try #require(URLComponents(url: invoke, resolvingAgainstBaseURL: false))
            components.queryItems = components.queryItems?.map {
                $0.name == DeviceURLParameter.apiBaseURL ? URLQueryItem(name: $0.name, value: elsewhere) : $0
            }
            let foreignInvoke = try #require(components.url)
            try #require(foreignInvoke != invoke, "the invoke URL names its server in api_base_url: \(invoke)")
            let link = try await realm.enrollmentLink()
            let foreignLink = URL(string: link.replacingOccurrences(of: server.baseURL, with: elsewhere))!
            let before = try await server.admin.send("GET", "/v1/admin/audit-events?page_size=1000")

            #expect(!device.sdk.isAuthenticateUrl(foreignInvoke) && !device.sdk.isBindPasskeyUrl(foreignLink))
            await #expect(throws: refusal) { try await device.sdk.authenticateOtp(url: foreignInvoke, email: "ada@example.com") }
            await #expect(throws: refusal) { try await device.sdk.getAuthenticationContext(url: foreignInvoke) }
            await #expect(throws: refusal) { try await device.sdk.authenticate(url: foreignInvoke, id: Passkey.Id("anything")) }
            await #expect(throws: refusal) { try await device.sdk.bindPasskey(url: foreignLink) }

            let after = try await server.admin.send("GET", "/v1/admin/audit-events?page_size=1000")
            #expect((after.json["items"] as? [[String: Any]])?.count == (before.json["items"] as? [[String: Any]])?.count)
            #expect(try server.outboxMails().isEmpty, "no code was mailed")
            // The binding token is unspent: through the allowed name it binds.
            #expect(try await device.sdk.bindPasskey(url: URL(string: link)!).passkey.identity.id.value == realm.identityID)

            // And an SDK allowed nothing but loopback never asks a public server.
            let loopbackOnly = try Embedded(allowedDomains: nil, biometricAskPrompt: "Sign in", keyStore: FileKeyStore(
                directory: device.keyStoreDirectory.appendingPathExtension("other")))
            await #expect(throws: BISDKError.otherServer(apiBaseURL: "https://id.example.com")) {
                try await loopbackOnly.bindPasskey(url: URL(string: "https://id.example.com/v1/bind?token=abc")!)
            }
        }
    }
}
