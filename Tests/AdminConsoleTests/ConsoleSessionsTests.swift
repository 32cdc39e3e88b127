import Administration
import Crypto
import Foundation
import IdentityProtocol
import IdentityStorage
import IdentityStorageTestSupport
import Synchronization
import Testing
@testable import IdentityServerCore
@testable import AdminConsole
import ServerTestSupport

/// Console sessions at the service level, on the fixture's clock.
@Suite struct ConsoleSessionsTests {
    private static func sessions(_ fixture: ServiceFixture, lifetime: TimeInterval) -> ConsoleSessions {
        var settings = ConsoleSettings()
        settings.sessionLifetime = lifetime
        settings.adminTokenSignIn = true
        return ConsoleSessions(store: fixture.store, settings: settings, audit: fixture.audit, now: fixture.now)
    }

    private static func token(_ fixture: ServiceFixture) async throws -> String {
        let token = "bia_test"
        let record = AdminTokenRecord(tokenHash: Data(SHA256.hash(data: Data(token.utf8))), label: "ops", createdAt: fixture.clock.now())
        try await fixture.store.createAdminToken(record, audit: try fixture.audit.event("x", tenantID: nil, realmID: nil, subjectID: nil))
        return token
    }

    @Test func shorteningTheLifetimeEndsSessionsAlreadyOpen() async throws {
        try await ServiceFixture.with { fixture in
            let token = try await Self.token(fixture)
            guard case .opened(_, let secret) = try await Self.sessions(fixture, lifetime: 3600).signIn(token: token, facts: [:]) else {
                Issue.record("not signed in")
                return
            }
            fixture.clock.advance(by: 700)
            guard case .active = try await Self.sessions(fixture, lifetime: 3600).resolve(secret: secret) else {
                Issue.record("ended under the lifetime it was opened with")
                return
            }
            guard case .ended(.expired) = try await Self.sessions(fixture, lifetime: 600).resolve(secret: secret) else {
                Issue.record("a session older than the configured lifetime stayed open")
                return
            }
        }
    }

    @Test func aFormThatShowsASecretIsSpentOnce() async throws {
        try await ServiceFixture.with { fixture in
            let sessions = Self.sessions(fixture, lifetime: 3600)
            guard case .opened(let session, _) = try await sessions.signIn(token: try await Self.token(fixture), facts: [:]) else {
                Issue.record("not signed in")
                return
            }
            try await sessions.spendForm("form-1", of: session)
            await #expect(throws: FormAlreadySent()) { try await sessions.spendForm("form-1", of: session) }
            await #expect(throws: ServerError.invalidRequest("")) { try await sessions.spendForm(nil, of: session) }
            try await sessions.spendForm("form-2", of: session)

            // Ids are per session: another session's spent id is new to this one, and a made-up
            // id is simply a form never sent (what matters is that none is sent twice).
            guard case .opened(let second, _) = try await sessions.signIn(token: "bia_test", facts: [:]) else {
                Issue.record("not signed in")
                return
            }
            try await sessions.spendForm("form-1", of: second)
            await #expect(throws: FormAlreadySent()) { try await sessions.spendForm("form-1", of: second) }
            // Past its session's lifetime the record is purged, with the session.
            fixture.clock.advance(by: 3601)
            #expect(try await fixture.store.deleteExpired(before: fixture.clock.now()) == 5, "two sessions, three sent forms")
        }
    }

    /// Turning token sign-in off ends the sessions tokens opened.
    @Test func turningTokenSignInOffEndsTheSessionsTokensOpened() async throws {
        try await ServiceFixture.with { fixture in
            let token = try await Self.token(fixture)
            guard case .opened(_, let secret) = try await Self.sessions(fixture, lifetime: 3600).signIn(token: token, facts: [:]) else {
                Issue.record("not signed in")
                return
            }
            var off = Self.sessions(fixture, lifetime: 3600)
            off.settings.adminTokenSignIn = false
            guard case .ended(.tokenSignInOff) = try await off.resolve(secret: secret) else {
                Issue.record("a token's session outlived token sign-in")
                return
            }
            guard case .turnedOff = try await off.signIn(token: token, facts: [:]) else {
                Issue.record("a token signed in while token sign-in is off")
                return
            }
        }
    }

    /// An operators' account session opens the console only for an identity with an operator's
    /// record, with that record's role and reach; signing out ends the account session itself.
    @Test func anAccountSessionOpensTheConsoleOnlyForAnOperator() async throws {
        try await ServiceFixture.with { fixture in
            let seeded = try await fixture.seedRealm()
            let now = fixture.clock.now()
            let signedOut = Mutex<[String]>([])
            @Sendable func account(_ identityID: String) -> AccountSessionRecord {
                AccountSessionRecord(
                    id: "as-" + identityID, secretHash: Data(), tenantID: seeded.tenantID, realmID: seeded.realmID, identityID: identityID,
                    credentialID: "c", authenticatedAt: now, createdAt: now, lastSeenAt: now, expiresAt: now + 3600, address: nil, userAgent: nil)
            }
            var sessions = Self.sessions(fixture, lifetime: 3600)
            sessions.operators = ConsoleOperators(
                session: { secret in secret == "ended" ? nil : account(secret) },
                signOut: { ended in signedOut.withLock { $0.append(ended.id) } }, cookieName: "bi_account_operators",
                clearCookie: "", signInPage: { "" })

            // Ada is a person of the realm, not an operator; an ended session is no one's.
            #expect(try await sessions.resolveOperator(secret: seeded.identityID) == nil)
            #expect(try await sessions.resolveOperator(secret: "ended") == nil)

            let grace = IdentityRecord(
                id: "grace", tenantID: seeded.tenantID, realmID: seeded.realmID, username: "grace", email: nil, displayName: "Grace",
                status: .active, createdAt: now, updatedAt: now)
            try await fixture.store.createOperator(
                OperatorRecord(identityID: "grace", role: .support, tenantID: "acme", createdAt: now, updatedAt: now), identity: grace, audit: [])
            let session = try #require(try await sessions.resolveOperator(secret: "grace"))
            #expect(session.admin.isOperator && session.admin.label == "grace" && session.admin.id == "grace")
            #expect(session.admin.role == .support && session.admin.tenantID == "acme" && session.admin.channel == .console)
            #expect(session.admin.auditDetail == ["by": "operator", "operator": "grace", "operator_id": "grace", "via": "console"])
            #expect(session.csrfToken != ConsoleSession(id: "x", admin: session.admin, secret: "other").csrfToken, "its forms' token is its secret's")

            try await sessions.signOut(session)
            #expect(signedOut.withLock { $0 } == ["as-grace"])
        }
    }
}
