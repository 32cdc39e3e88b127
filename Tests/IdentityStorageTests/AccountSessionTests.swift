import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// The account page's sessions: opened with the passkey sign-in that proved them (its counter
/// and last use stored with the session and its event, or nothing when the counter moved
/// meanwhile), found by their secret's hash only, touched, ended with their event or all but
/// one, purged at their absolute end.
@Suite struct AccountSessionTests {
    private func session(_ id: String, expiresAt: Date = Fixtures.at(3600)) -> AccountSessionRecord {
        AccountSessionRecord(
            id: id, secretHash: Fixtures.hash(id), tenantID: "ten_1", realmID: "rlm_1", identityID: "idn_1", credentialID: "crd_pk",
            authenticatedAt: Fixtures.t0, createdAt: Fixtures.t0, lastSeenAt: Fixtures.t0, expiresAt: expiresAt,
            address: "203.0.113.7", userAgent: "Mozilla/5.0")
    }

    /// Opens session `id` on a sign-in whose passkey counter went from `from` to `to`, with challenge `challenge`.
    private func open(
        _ store: any IdentityStore, _ id: String, expiresAt: Date = Fixtures.at(3600), counter from: UInt32, to: UInt32? = nil,
        challenge: String? = nil, replacing: String? = nil
    ) async throws {
        try await store.openAccountSession(
            session(id, expiresAt: expiresAt), passkeyUse: PasskeyUse(credentialID: "crd_pk", expectedSignCount: from, signCount: to ?? from + 1, backedUp: false),
            challengeHash: Fixtures.hash(challenge ?? "challenge-\(id)"), challengeExpiresAt: Fixtures.at(300), replacing: replacing,
            at: Fixtures.at(60), audit: Fixtures.auditEvent("evt_\(id)", at: 60, type: "authentication.succeeded", tenant: "ten_1"))
    }

    /// A store with identity `idn_1` holding the passkey `crd_pk` (counter 4).
    private func withPasskey(_ engine: TestEngine, _ body: @escaping @Sendable (any IdentityStore) async throws -> Void) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createBindingJob(Fixtures.bindingJob())
            _ = try await store.completePasskeyBinding(tokenHash: Fixtures.hash("token-1"), now: Fixtures.at(30)) { _, _ in
                (PasskeyStorageTests.credential(), PasskeyStorageTests.passkey(), [])
            }
            try await body(store)
        }
    }

    @Test(arguments: TestEngine.all)
    func aSessionOpensWithItsPasskeysUseAndEndsWithItsEvent(engine: TestEngine) async throws {
        try await withPasskey(engine) { store in
            let use = PasskeyUse(credentialID: "crd_pk", expectedSignCount: 4, signCount: 5, backedUp: true)
            let opened = Fixtures.auditEvent("evt_in", at: 60, type: "authentication.succeeded", tenant: "ten_1", subject: "idn_1")
            try await store.openAccountSession(
                session("as_1"), passkeyUse: use, challengeHash: Fixtures.hash("challenge-1"), challengeExpiresAt: Fixtures.at(300),
                replacing: nil, at: Fixtures.at(60), audit: opened)
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_1")) == session("as_1"))
            #expect(try await store.passkey(credentialID: "crd_pk")?.signCount == 5)
            #expect(try await store.passkey(credentialID: "crd_pk")?.backedUp == true)
            #expect(try await store.credential(id: "crd_pk")?.lastUsedAt == Fixtures.at(60))
            #expect(try await store.auditEvent(id: "evt_in") == opened)

            // The same counter again (a clone, or a replay that raced): nothing is written.
            let raced = Fixtures.auditEvent("evt_raced", at: 61, type: "authentication.succeeded", tenant: "ten_1", subject: "idn_1")
            await #expect(throws: StorageError.alreadyExists) {
                try await store.openAccountSession(
                    self.session("as_2"), passkeyUse: use, challengeHash: Fixtures.hash("challenge-2"), challengeExpiresAt: Fixtures.at(300),
                    replacing: nil, at: Fixtures.at(61), audit: raced)
            }
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_2")) == nil)
            #expect(try await store.auditEvent(id: "evt_raced") == nil)

            try await store.touchAccountSession(id: "as_1", at: Fixtures.at(90))
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_1"))?.lastSeenAt == Fixtures.at(90))
            let out = Fixtures.auditEvent("evt_out", at: 95, type: "account.signed_out", tenant: "ten_1", subject: "idn_1")
            try await store.deleteAccountSession(id: "as_1", audit: out)
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_1")) == nil)
            #expect(try await store.auditEvent(id: "evt_out") == out)
            // Ending it again writes nothing more.
            let again = Fixtures.auditEvent("evt_again", at: 96, type: "account.signed_out", tenant: "ten_1", subject: "idn_1")
            try await store.deleteAccountSession(id: "as_1", audit: again)
            #expect(try await store.auditEvent(id: "evt_again") == nil)
        }
    }

    @Test(arguments: TestEngine.all)
    func housekeepingPurgesSessionsPastTheirAbsoluteEnd(engine: TestEngine) async throws {
        try await withPasskey(engine) { store in
            try await open(store, "as_old", expiresAt: Fixtures.at(100), counter: 4)
            try await open(store, "as_new", expiresAt: Fixtures.at(1000), counter: 5)
            #expect(try await store.deleteExpired(before: Fixtures.at(500), limit: 100) >= 1)
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_old")) == nil)
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_new")) != nil)
        }
    }

    @Test(arguments: TestEngine.all)
    func signingOutEverywhereElseKeepsOneSession(engine: TestEngine) async throws {
        try await withPasskey(engine) { store in
            for (index, id) in ["as_1", "as_2", "as_3"].enumerated() { try await open(store, id, counter: UInt32(4 + index)) }
            #expect(try await store.deleteAccountSessions(identityID: "idn_1", except: "as_2") == 2)
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_1")) == nil)
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_2")) != nil)
            #expect(try await store.deleteAccountSessions(identityID: "idn_1", except: "as_2") == 0)
        }
    }

    /// A passkey whose counter stays (at 4 here, as a synced passkey's stays at 0) signs in
    /// again, but not with a challenge already spent; a sign-in replaces the browser's former
    /// session in the same transaction.
    @Test(arguments: TestEngine.all)
    func aChallengeIsSpentOnceAndASignInReplacesTheFormerSession(engine: TestEngine) async throws {
        try await withPasskey(engine) { store in
            try await open(store, "as_1", counter: 4, to: 4, challenge: "c1")
            await #expect(throws: StorageError.alreadyExists) { try await self.open(store, "as_2", counter: 4, to: 4, challenge: "c1") }
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_2")) == nil)
            try await open(store, "as_3", counter: 4, to: 4, challenge: "c2", replacing: "as_1")
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_1")) == nil)
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_3")) != nil)
            // Spent challenges go at their end.
            #expect(try await store.deleteExpired(before: Fixtures.at(400), limit: 100) >= 2)
            try await open(store, "as_4", counter: 4, to: 4, challenge: "c1")
        }
    }
}
