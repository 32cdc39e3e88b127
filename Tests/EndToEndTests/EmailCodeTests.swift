import DeviceSignIn
import Foundation
import IdentityProtocol
import IdentityServer
import JWTKit
import Testing
import IdentityServerCore
import ServerTestSupport

/// Email one-time codes over HTTP (issue 33): a device without a credential signs in to a
/// pending sign-in with a code mailed to the identity, and binds a new credential with the
/// token it gets; every way a code can be wrong, and the assurance the tokens state.
@Suite struct EmailCodeTests {
    /// A realm whose public application offers email codes (and binding after them), a relying
    /// party, and the invoke URL of a sign-in it started (with `overrides` of its request).
    private static func withSignIn(
        _ mode: ServerMode = .router, clock: TestClock? = nil, offered: Bool = true, overrides: [String: String?] = [:],
        _ body: @escaping @Sendable (RunningServer, TestRealm, TestRelyingParty, String) async throws -> Void
    ) async throws {
        try await RunningServer.withRealm(mode, configure: { if let clock { $0.now = clock.now } }) { server, realm in
            let updated = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.publicClient), json: [
                "sign_in_methods": offered ? ["same_device", "email_code"] : ["same_device"], "email_code_binding": true,
            ])
            try #require(updated.status == 200 && (updated.json["sign_in_methods"] as? [String])?.contains("email_code") == offered)
            let party = TestRelyingParty(application: realm.publicClient, server: server)
            let invoke = try await party.authorize(overrides)
            try #require(invoke.status == 302)
            try await body(server, realm, party, try #require(invoke.location))
        }
    }

    private static func begin(_ invoke: String, email: String, server: RunningServer) async throws -> HTTPTestClient.Reply {
        try await server.client().send("POST", EmailCodeAPI.begin, json: [
            "transaction": try #require(HTTPTestClient.queryItem("transaction", in: invoke)), "email": email,
        ])
    }

    private static func redeem(_ challenge: String, _ code: String, bind: Bool = false, server: RunningServer) async throws -> HTTPTestClient.Reply {
        try await server.client().send("POST", EmailCodeAPI.redeem, json: ["challenge": challenge, "code": code, "bind_device": bind])
    }

    @Test(arguments: ServerMode.allCases) func aLostPhonesOwnerSignsInByEmailAndBindsTheNewDevice(mode: ServerMode) async throws {
        try await Self.withSignIn(mode) { server, realm, party, invoke in
            // Nobody's address gets the same answer, and no mail.
            let unknown = try await Self.begin(invoke, email: "nobody@example.com", server: server)
            let started = try await Self.begin(invoke, email: " Ada@Example.com ", server: server)
            #expect(unknown.status == 200 && started.status == 200)
            #expect(Set(unknown.json.keys) == Set(started.json.keys))
            #expect(unknown.json["attempts_left"] as? Int == 5 && started.json["attempts_left"] as? Int == 5)
            let challenge = try #require(started.json["challenge"] as? String)
            let continuation = try #require(started.json["url"] as? String)
            #expect(continuation.hasPrefix(TestRealm.invokeURL + "?"))
            #expect(HTTPTestClient.queryItem(EmailCodeAPI.challengeParameter, in: continuation) == challenge)
            let mail = try await server.mail(to: "ada@example.com")
            #expect(try server.outboxMails().count == 1, "nothing was sent to nobody@example.com")
            let code = try RunningServer.emailCode(in: mail)

            let wrong = try await Self.redeem(challenge, code == "00000000" ? "11111111" : "00000000", server: server)
            #expect(wrong.status == 200 && wrong.json["outcome"] as? String == "failed")
            #expect((wrong.json["challenge"] as? [String: Any])?["attempts_left"] as? Int == 4)
            let unknownCode = try await Self.redeem(try #require(unknown.json["challenge"] as? String), code, server: server)
            #expect(unknownCode.json["outcome"] as? String == "failed", "no code redeems a challenge for nobody")

            let right = try await Self.redeem(challenge, code, bind: true, server: server)
            #expect(right.status == 200 && right.json["outcome"] as? String == "succeeded", "\(right.json)")
            let redirect = try #require(right.json["redirect_uri"] as? String)
            #expect(HTTPTestClient.queryItem("state", in: redirect) == party.state)
            let tokens = try await party.exchange(try #require(HTTPTestClient.queryItem("code", in: redirect)))
            #expect(tokens.status == 200, "\(tokens.json)")
            let idToken = try #require(tokens.json["id_token"] as? String)
            let claims = try await Self.claims(of: idToken, party: party)
            #expect(claims.sub.value == realm.identityID && claims.amr == ["otp"] && claims.acr == "otp")

            let reused = try await Self.redeem(challenge, code, server: server)
            #expect(reused.status == 400 && reused.error == "invalid_email_code_challenge")

            // The binding token sets up this device, once.
            let token = try #require(right.json["passkey_binding_token"] as? String)
            var device = TestDevice()
            let bound = try await device.bind(token: token, server: server)
            try #require(bound.status == 201, "\(bound.json)")
            device.credentialID = try #require((bound.json["credential"] as? [String: Any])?["id"] as? String)
            device.chain = try #require(bound.json["certificate_chain"] as? [String])
            #expect(try await TestDevice().bind(token: token, server: server).status == 400)
            let party2 = TestRelyingParty(application: realm.publicClient, server: server)
            _ = try await party2.signIn(with: device)
        }
    }

    @Test func codesExpireAndWearOut() async throws {
        let clock = TestClock()
        try await Self.withSignIn(clock: clock) { server, _, _, invoke in
            let first = try await Self.begin(invoke, email: "ada@example.com", server: server)
            let challenge = try #require(first.json["challenge"] as? String)
            let code = try RunningServer.emailCode(in: try await server.mail(to: "ada@example.com"))
            let wrong = code == "00000000" ? "11111111" : "00000000"
            for left in [4, 3, 2, 1] {
                let reply = try await Self.redeem(challenge, wrong, server: server)
                #expect((reply.json["challenge"] as? [String: Any])?["attempts_left"] as? Int == left)
            }
            let fifth = try await Self.redeem(challenge, wrong, server: server)
            #expect(fifth.status == 400 && fifth.error == "invalid_email_code_challenge")
            let exhausted = try await Self.redeem(challenge, code, server: server)
            #expect(exhausted.status == 400 && exhausted.error == "invalid_email_code_challenge", "the right code after five wrong ones")

            let second = try await Self.begin(invoke, email: "ada@example.com", server: server)
            let secondCode = try RunningServer.emailCode(in: try await server.mail(to: "ada@example.com", skipping: 1))
            clock.advance(by: 601)
            let late = try await Self.redeem(try #require(second.json["challenge"] as? String), secondCode, server: server)
            #expect(late.status == 400 && late.error == "email_code_expired")
        }
    }

    /// A challenge nobody started, a right code whose identity was suspended since, and binding
    /// asked of an application that does not allow it.
    @Test func aRightCodeIsRefusedWhereItShouldBe() async throws {
        try await Self.withSignIn { server, realm, party, invoke in
            let unknown = try await Self.redeem("no-such-challenge", "12345678", server: server)
            #expect(unknown.status == 400 && unknown.error == "invalid_email_code_challenge")

            let updated = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.publicClient), json: ["email_code_binding": false])
            try #require(updated.status == 200 && updated.json["email_code_binding"] as? Bool == false)
            let first = try await Self.begin(invoke, email: "ada@example.com", server: server)
            let code = try RunningServer.emailCode(in: try await server.mail(to: "ada@example.com"))
            let unbound = try await Self.redeem(try #require(first.json["challenge"] as? String), code, bind: true, server: server)
            #expect(unbound.status == 200 && unbound.json["outcome"] as? String == "succeeded", "\(unbound.json)")
            #expect(unbound.json["passkey_binding_token"] == nil, "the application does not allow binding")

            let second = try await Self.begin(
                try #require(try await party.authorize().location), email: "ada@example.com", server: server)
            let secondCode = try RunningServer.emailCode(in: try await server.mail(to: "ada@example.com", skipping: 1))
            _ = try await server.admin.send("PATCH", realm.identityPath, json: ["status": "suspended"])
            let suspended = try await Self.redeem(try #require(second.json["challenge"] as? String), secondCode, server: server)
            #expect(suspended.status == 400 && suspended.error == "invalid_email_code_challenge")
        }
    }

    @Test func anApplicationThatDoesNotOfferThemRefuses() async throws {
        try await Self.withSignIn(offered: false) { server, _, _, invoke in
            let refused = try await Self.begin(invoke, email: "ada@example.com", server: server)
            #expect(refused.status == 403 && refused.error == "email_codes_not_offered")
        }
    }

    /// A requirement in `claims` that does not parse is refused, not dropped.
    @Test func aMalformedAssuranceRequirementIsRefused() async throws {
        try await RunningServer.withRealm(.router) { server, realm in
            let party = TestRelyingParty(application: realm.publicClient, server: server)
            let refused = try await party.authorize(["claims": #"{"id_token":{"acr":{"values":["phrh",1]}}}"#])
            #expect(refused.status == 302 && HTTPTestClient.queryItem("error", in: refused.location) == "invalid_request")
        }
    }

    /// An address two identities share signs neither in: no code is sent.
    @Test func anAddressTwoIdentitiesShareGetsNoCode() async throws {
        try await Self.withSignIn { server, realm, _, invoke in
            _ = try await server.admin.created(
                AdminAPI.identities(tenant: realm.tenantID, realm: realm.realmID), ["username": "ada2", "email": "ADA@example.com"])
            _ = try await server.admin.created(
                AdminAPI.identities(tenant: realm.tenantID, realm: realm.realmID), ["username": "grace", "email": "grace@example.com"])
            #expect(try await Self.begin(invoke, email: "ada@example.com", server: server).status == 200)
            #expect(try await Self.begin(invoke, email: "grace@example.com", server: server).status == 200)
            _ = try await server.mail(to: "grace@example.com")
            #expect(try server.outboxMails().count == 1, "grace's code only: nothing went to either of the two identities sharing ada's address")
        }
    }

    /// A relying party that asks for a device key gets one or an error: an email code never passes.
    @Test func anEmailCodeNeverPassesForADeviceKey() async throws {
        try await Self.withSignIn(overrides: ["acr_values": "phr"]) { server, _, _, invoke in
            let refused = try await Self.begin(invoke, email: "ada@example.com", server: server)
            #expect(refused.status == 400 && refused.error == "unmet_authentication_requirements")
        }
    }

    /// Codes for an address are counted per requesting network first: a stranger who spends
    /// their network's allowance for someone's address leaves the user's own untouched (a
    /// limit per address alone let ten requests lock the user out for the day); the address's
    /// allowance from all networks counts only what each network's let through.
    @Test func codesPerRecipientAreLimitedPerNetworkThenInAll() async throws {
        let clock = TestClock()
        try await RunningServer.withRealm(.live, configure: {
            $0.now = clock.now
            $0.trustedProxies = [IPNetwork("127.0.0.1")!]
            $0.emailCodes.codesPerRecipientPerDay = 2
            $0.emailCodes.codesPerRecipientPerDayAllNetworks = 3
        }) { server, realm in
            let updated = try await server.admin.send(
                "PATCH", try await realm.adminPath(of: realm.publicClient), json: ["sign_in_methods": ["same_device", "email_code"]])
            try #require(updated.status == 200)
            // Counted per day: start one, then start the sign-in.
            clock.set(to: Date(timeIntervalSince1970: (clock.now().timeIntervalSince1970 / 86_400).rounded(.up) * 86_400 + 1))
            let invoke = try #require(try await TestRelyingParty(application: realm.publicClient, server: server).authorize().location)
            func begin(from address: String) async throws -> HTTPTestClient.Reply {
                try await server.client().send("POST", EmailCodeAPI.begin, json: [
                    "transaction": try #require(HTTPTestClient.queryItem("transaction", in: invoke)), "email": "ada@example.com",
                ], headers: ["X-Forwarded-For": address])
            }
            let (stranger, user, third) = ("198.51.100.7", "203.0.113.9", "192.0.2.44")
            #expect(try await begin(from: stranger).status == 200)
            #expect(try await begin(from: stranger).status == 200)
            let strangerRefused = try await begin(from: stranger)
            #expect(strangerRefused.status == 429, "the stranger's network has spent its allowance for the address")
            #expect(strangerRefused.json["error_description"] as? String
                == "too many codes for this email address asked from this network today; try again later")
            #expect(try await begin(from: user).status == 200, "the user's own network still gets a code")
            let allRefused = try await begin(from: third)
            #expect(allRefused.status == 429, "the address's allowance from all networks (3) is spent")
            #expect(allRefused.json["error_description"] as? String == "too many codes for this email address today; try again later")
            _ = try await server.mail(to: "ada@example.com", skipping: 2)
            #expect(try server.outboxMails().count == 3)
        }
    }

    /// The device key's assurance: what the device reports, against what the relying party asks.
    @Test func aDeviceKeysAssuranceMeetsOrMissesTheRequest() async throws {
        try await RunningServer.withEnrolledDevice(.router) { server, realm, device in
            let metadata = try await TestRelyingParty(application: realm.confidential, server: server).metadata()
            #expect(metadata.acrValuesSupported == ["phrh", "phr", "otp"])

            let strict = TestRelyingParty(application: realm.confidential, server: server)
            let software = try await device.authenticate(
                invokeURL: try #require(try await strict.authorize(["acr_values": "phrh"]).location), server: server)
            let refused = try #require(software.json["redirect_uri"] as? String)
            #expect(HTTPTestClient.queryItem("error", in: refused) == "unmet_authentication_requirements")
            #expect(HTTPTestClient.queryItem("state", in: refused) == strict.state)

            let party = TestRelyingParty(application: realm.confidential, server: server)
            let claims = #"{"id_token":{"acr":{"essential":true,"values":["phrh"]}}}"#
            let hardware = try await device.authenticate(
                invokeURL: try #require(try await party.authorize(["claims": claims]).location), server: server,
                amr: ["hwk", "face", "made-up"])
            let tokens = try await party.exchange(try party.code(from: hardware))
            let idToken = try #require(tokens.json["id_token"] as? String)
            let verified = try await Self.claims(of: idToken, party: party)
            #expect(verified.amr == ["hwk", "face"] && verified.acr == "phrh")
        }
    }

    /// The ID token's claims, verified by the JWKS, without the default party's amr check.
    private static func claims(of token: String, party: TestRelyingParty) async throws -> TestRelyingParty.IDClaims {
        try await party.verifyIDToken(token, expectingAMR: nil)
    }
}
