import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation
import JWTKit
import Testing
import UITestSupport
import ServerTestSupport

/// The EmbeddedUI flow model driven against the real server and real SDK instances: the
/// presenter is scripted, everything under it is real.
@Suite struct EmbeddedUITests {
    /// A device app with a registered credential of the test identity.
    private func registered(_ server: RunningServer, _ realm: TestRealm, stateMaxAge: TimeInterval = 300) async throws -> (TestApp, Credential) {
        let app = TestApp(server: server, application: realm.publicClient, credentialStateMaxAge: stateMaxAge)
        return (app, try await app.sdk.registerCredentials(URL(string: try await realm.enrollmentLink())!))
    }

    /// The subject of an ID token, verified as a relying party verifies it.
    private func subject(_ outcome: FlowOutcome, _ server: RunningServer, _ realm: TestRealm) async throws -> String {
        guard case let .authenticated(tokens) = outcome else { throw SetupError("not signed in: \(outcome)") }
        return try await TestRelyingParty(application: realm.publicClient, server: server)
            .verifyIDToken(tokens.idToken, checkNonce: false).sub.value
    }

    /// The server's state of a credential, through the admin API.
    private func serverState(_ credential: Credential, _ realm: TestRealm) async throws -> String? {
        let reply = try await realm.server.admin.send("GET", "\(realm.identityPath)/credentials/\(credential.handle.rawValue)")
        return reply.json["state"] as? String
    }

    @Test func signInWithTheOneCredential() async throws {
        try await RunningServer.withRealm { server, realm in
            let (app, credential) = try await registered(server, realm)
            let log = AppLog()
            let presenter = ScriptedPresenter([on(.credentialExists, .signIn(credential.handle))])
            let outcome = await EmbeddedUI(sdk: app.sdk).continueWithBeyondIdentity(
                presenter: presenter, authFlow: log.authenticate, config: log.config)
            #expect(try await subject(outcome, server, realm) == realm.identityID)
            #expect(log.events.count == 1 && log.events[0].hasPrefix("tokens "))
            #expect(presenter.finished)
        }
    }

    @Test func signInChoosingAmongSeveralCredentials() async throws {
        try await RunningServer.withRealm { server, realm in
            let (app, _) = try await registered(server, realm)
            let bob = try await server.admin.created(
                "\(realm.realmPath)/identities", ["username": "bob", "email": "bob@example.com", "display_name": "Bob Babbage"])
            let bobID = try #require(bob["id"] as? String)
            let job = try await server.admin.created(
                "\(realm.realmPath)/identities/\(bobID)/binding-jobs", ["kind": "registration", "delivery": "return"])
            let bobCredential = try await app.sdk.registerCredentials(URL(string: try #require(job["credential_binding_link"] as? String))!)
            let log = AppLog()
            let presenter = ScriptedPresenter([
                on(.chooseCredential, .signIn(bobCredential.handle)) { screen in
                    #expect(screen.actions.filter { if case .signIn = $0.action { true } else { false } }.count == 2)
                },
            ])
            let outcome = await EmbeddedUI(sdk: app.sdk).continueWithBeyondIdentity(
                presenter: presenter, authFlow: log.authenticate, config: log.config)
            #expect(try await subject(outcome, server, realm) == bobID)
        }
    }

    @Test func replacingRevokesTheOldCredentialAndOffersNewOnes() async throws {
        try await RunningServer.withRealm { server, realm in
            let (app, credential) = try await registered(server, realm)
            let log = AppLog()
            let presenter = ScriptedPresenter([
                on(.credentialExists, .replace), on(.replaceWarning, .confirm),
                on(.noCredential, .signUp) { screen in #expect(!screen.offers(.back)) },
            ])
            let outcome = await EmbeddedUI(sdk: app.sdk).continueWithBeyondIdentity(
                presenter: presenter, authFlow: log.authenticate, config: log.config)
            guard case .signUpRequested = outcome else { throw SetupError("\(outcome)") }
            #expect(log.events == ["signUp"])
            #expect(try await serverState(credential, realm) == "revoked")
            #expect(app.storedFiles.isEmpty)
        }
    }

    @Test func addThisDeviceByCodeWhileAnotherDeviceExtends() async throws {
        try await RunningServer.withRealm { server, realm in
            let (a, credential) = try await registered(server, realm)
            var updates = a.sdk.extendCredentials(handles: [credential.handle]).makeAsyncIterator()
            guard case let .started(token, _)? = try await updates.next() else { throw SetupError("no code") }

            let b = TestApp(server: server, application: realm.publicClient)
            let log = AppLog()
            let presenter = ScriptedPresenter([
                on(.noCredential, .addFromAnotherDevice),
                on(.enterCode, .submit("12")),
                on(.enterCode, .submit(token.formatted)) { screen in #expect(screen.input?.problem != nil) },
            ])
            let outcome = await EmbeddedUI(sdk: b.sdk).continueWithBeyondIdentity(
                presenter: presenter, authFlow: log.authenticate, config: log.config)
            #expect(try await subject(outcome, server, realm) == realm.identityID)
            guard case .done? = try await updates.next() else { throw SetupError("A did not finish") }
            let imported = try await b.sdk.getCredentials()
            #expect(imported.count == 1 && imported.first?.parentHandle == credential.handle)
        }
    }

    @Test func registerFromAnEnrollmentLinkThenSignIn() async throws {
        try await RunningServer.withRealm { server, realm in
            let app = TestApp(server: server, application: realm.publicClient)
            let log = AppLog()
            let link = URL(string: try await realm.enrollmentLink())!
            let config = RegisterConfig(
                authFlowType: log.authenticate, supportURL: log.config.supportURL, recoverUserAction: log.config.recoverUserAction)
            let outcome = await EmbeddedUI(sdk: app.sdk).registerCredentialAndLogin(
                presenter: ScriptedPresenter([]), url: link, config: config)
            #expect(try await subject(outcome, server, realm) == realm.identityID)
            #expect(try await app.sdk.getCredentials().count == 1)

            // The same link again: used, so the error offers recovery rather than a retry.
            let again = ScriptedPresenter([
                on(.error, .recover) { screen in #expect(!screen.offers(.retry) && screen.offers(.support)) },
            ])
            let used = await EmbeddedUI(sdk: app.sdk).registerCredentialAndLogin(presenter: again, url: link, config: config)
            guard case .recoveryRequested = used else { throw SetupError("\(used)") }
            #expect(log.events.last == "recover")
            #expect(try await app.sdk.getCredentials().count == 1)
        }
    }

    @Test func settingsDeleteCancelledThenConfirmed() async throws {
        try await RunningServer.withRealm { server, realm in
            let (app, credential) = try await registered(server, realm)
            let log = AppLog()
            let presenter = ScriptedPresenter([
                on(.credentialList, .details(credential.handle)),
                on(.credentialDetails, .delete(credential.handle)),
                on(.deleteConfirmation, .back),
                on(.credentialDetails, .delete(credential.handle)),
                on(.deleteConfirmation, .confirm),
                on(.notice, .back),
                on(.credentialList, .close) { screen in #expect(!screen.actions.contains { if case .details = $0.action { true } else { false } }) },
            ])
            let outcome = await EmbeddedUI(sdk: app.sdk).openSettings(presenter: presenter, config: log.config)
            guard case .closed = outcome else { throw SetupError("\(outcome)") }
            #expect(presenter.finished)
            #expect(try await serverState(credential, realm) == "revoked")
            #expect(app.storedFiles.isEmpty)
        }
    }

    @Test func settingsShowsACodeAndCancelEndsIt() async throws {
        try await RunningServer.withRealm { server, realm in
            let (app, credential) = try await registered(server, realm)
            let b = TestApp(server: server, application: realm.publicClient)
            let shown = Shown()
            let presenter = ScriptedPresenter([
                on(.credentialList, .details(credential.handle)),
                on(.credentialDetails, .extend(credential.handle)),
                on(.showCode, .cancel) { screen in shown.token = screen.code?.token },
                on(.notice, .back) { screen in #expect(screen.title == UIStrings.english[.extensionCancelledTitle]) },
                on(.credentialDetails, .back),
                on(.credentialList, .close),
            ])
            let log = AppLog()
            let outcome = await EmbeddedUI(sdk: app.sdk).openSettings(presenter: presenter, config: log.config)
            guard case .closed = outcome else { throw SetupError("\(outcome)") }
            let token = try #require(shown.token)
            #expect(token.isWellFormed)
            #expect(await b.importing(token) == .failure(.extensionFailed(.cancelled)))
        }
    }

    @Test func cancellingTheFlowWhileACodeIsShownEndsTheCode() async throws {
        try await RunningServer.withRealm { server, realm in
            let (app, credential) = try await registered(server, realm)
            let (codes, codeShown) = AsyncStream.makeStream(of: CredentialToken.self)
            let presenter = ScriptedPresenter([
                on(.credentialList, .details(credential.handle)),
                on(.credentialDetails, .extend(credential.handle)),
                on(.showCode, nil) { screen in if let token = screen.code?.token { codeShown.yield(token) } },
            ])
            let log = AppLog()
            let flow = Task { await EmbeddedUI(sdk: app.sdk).openSettings(presenter: presenter, config: log.config) }
            let token = try #require(await codes.first { _ in true })
            flow.cancel()
            guard case .cancelled = await flow.value else { throw SetupError("the flow did not end as cancelled") }
            let b = TestApp(server: server, application: realm.publicClient)
            #expect(await b.importing(token) == .failure(.extensionFailed(.cancelled)))
        }
    }

    @Test func settingsShowsARevokedCredentialAsSuch() async throws {
        try await RunningServer.withRealm { server, realm in
            let (app, credential) = try await registered(server, realm, stateMaxAge: 0)
            let revoked = try await server.admin.send("POST", "\(realm.identityPath)/credentials/\(credential.handle.rawValue)/revoke")
            #expect(revoked.status == 200)
            let log = AppLog()
            let presenter = ScriptedPresenter([
                on(.credentialList, .details(credential.handle)) { screen in
                    #expect(screen.actions.first?.label == "Ada Lovelace (Customers) · revoked")
                },
                on(.credentialDetails, .back) { screen in
                    #expect(!screen.offers(.extend(credential.handle)))
                    #expect(screen.details.contains(Detail("State", "revoked")))
                },
                on(.credentialList, .close),
            ])
            _ = await EmbeddedUI(sdk: app.sdk).openSettings(presenter: presenter, config: log.config)
            #expect(presenter.finished)

            // The button does not offer it, and says why.
            let button = ScriptedPresenter([
                on(.noCredential, .close) { screen in #expect(screen.message.contains("Ada Lovelace") && screen.message.contains("revoked")) },
            ])
            _ = await EmbeddedUI(sdk: app.sdk).continueWithBeyondIdentity(presenter: button, authFlow: log.authenticate, config: log.config)
            #expect(button.finished)
        }
    }
}

/// A value a script step saw, read after the flow.
private final class Shown: @unchecked Sendable {
    // @unchecked: written by one script step, read after the flow has ended.
    var token: CredentialToken?
}
