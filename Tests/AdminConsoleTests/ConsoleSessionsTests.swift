import Crypto
import Foundation
import IdentityProtocol
import IdentityStorage
import IdentityStorageTestSupport
import Testing
@testable import IdentityServerCore
@testable import AdminConsole
import ServerTestSupport

/// Console sessions at the service level, on the fixture's clock.
@Suite struct ConsoleSessionsTests {
    private static func sessions(_ fixture: ServiceFixture, lifetime: TimeInterval) -> ConsoleSessions {
        var settings = ConsoleSettings()
        settings.sessionLifetime = lifetime
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
}
