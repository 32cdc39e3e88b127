import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// People's changes of their own email address: one waiting at a time, found by either link's
/// hash, confirmed once while the identity still has the address it replaces (and no other
/// identity of the realm the new one, and no directory provisions it), cancelled once (undone
/// when it was made, with the identity's account-page sessions), purged when its links end.
@Suite struct EmailChangeStorageTests {
    private func change(_ id: String, to email: String = "alice.new@example.com", at seconds: TimeInterval = 0) -> EmailChangeRecord {
        EmailChangeRecord(
            id: id, tenantID: "ten_1", realmID: "rlm_1", identityID: "idn_1", formerEmail: "alice@example.com", newEmail: email,
            confirmHash: Fixtures.hash("confirm-\(id)"), cancelHash: Fixtures.hash("cancel-\(id)"), createdAt: Fixtures.at(seconds),
            confirmBy: Fixtures.at(seconds + 3600), expiresAt: Fixtures.at(seconds + 7200))
    }

    private func request(_ store: any IdentityStore, _ change: EmailChangeRecord) async throws {
        try await store.requestEmailChange(change, at: change.createdAt, audit: Fixtures.event("account.email_change_requested"))
    }

    @Test(arguments: TestEngine.all)
    func aChangeIsConfirmedOnceAndANewerOneReplacesOneWaiting(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await request(store, change("ec_1", to: "first@example.com"))
            try await request(store, change("ec_2", at: 10))
            #expect(try await store.pendingEmailChange(identityID: "idn_1", at: Fixtures.at(20))?.id == "ec_2")
            #expect(try await store.emailChange(linkHash: Fixtures.hash("cancel-ec_2"))?.id == "ec_2")
            #expect(try await store.emailChange(linkHash: Fixtures.hash("confirm-ec_1"))?.cancelledAt == Fixtures.at(10), "replaced")
            await #expect(throws: StorageError.notFound) {
                try await store.confirmEmailChange(id: "ec_1", at: Fixtures.at(20), audit: Fixtures.event())
            }

            let changed = Fixtures.event("account.email_changed")
            try await store.confirmEmailChange(id: "ec_2", at: Fixtures.at(30), audit: changed)
            #expect(try await store.identity(id: "idn_1")?.email == "alice.new@example.com")
            #expect(try await store.identity(id: "idn_1")?.updatedAt == Fixtures.at(30))
            #expect(try await store.auditEvent(id: changed.id) != nil)
            #expect(try await store.pendingEmailChange(identityID: "idn_1", at: Fixtures.at(31)) == nil)
            await #expect(throws: StorageError.notFound, "once") {
                try await store.confirmEmailChange(id: "ec_2", at: Fixtures.at(40), audit: Fixtures.event())
            }
        }
    }

    @Test(arguments: TestEngine.all)
    func aChangeIsRefusedWhenItsLinkExpiredTheAddressMovedOnItIsTakenOrADirectoryOwnsIt(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await request(store, change("ec_late"))
            let late = Fixtures.event()
            await #expect(throws: StorageError.notFound) {
                try await store.confirmEmailChange(id: "ec_late", at: Fixtures.at(3600), audit: late)
            }
            #expect(try await store.auditEvent(id: late.id) == nil, "nothing written")

            // Another identity of the realm took the address (in another case): refused.
            try await store.createIdentity(Fixtures.identity("idn_2", username: "bob"), audit: nil)
            var bob = try #require(try await store.identity(id: "idn_2"))
            bob.email = "Alice.New@Example.com"
            try await store.updateIdentity(bob, revokingCredentialsAt: nil, audit: nil)
            try await request(store, change("ec_taken", at: 100))
            await #expect(throws: StorageError.alreadyExists) {
                try await store.confirmEmailChange(id: "ec_taken", at: Fixtures.at(110), audit: Fixtures.event())
            }
            #expect(try await store.emailChange(linkHash: Fixtures.hash("confirm-ec_taken"))?.confirmedAt == nil, "rolled back")

            // The identity's address changed since it was asked: refused.
            try await request(store, change("ec_moved", to: "moved@example.com", at: 200))
            var alice = try #require(try await store.identity(id: "idn_1"))
            alice.email = "admin-set@example.com"
            try await store.updateIdentity(alice, revokingCredentialsAt: nil, audit: nil)
            await #expect(throws: StorageError.notFound) {
                try await store.confirmEmailChange(id: "ec_moved", at: Fixtures.at(210), audit: Fixtures.event())
            }

            // A directory provisions the identity: refused, and said.
            alice.email = "alice@example.com"
            try await store.updateIdentity(alice, revokingCredentialsAt: nil, audit: nil)
            #expect(try await store.isProvisioned(identityID: "idn_1") == false)
            try await store.createSCIMUser(SCIMUserRecord(identity: Fixtures.identity("idn_3", username: "carol")), enrolling: nil, audit: nil)
            #expect(try await store.isProvisioned(identityID: "idn_3"))
            var carol = change("ec_scim", to: "carol.new@example.com", at: 300)
            (carol.identityID, carol.formerEmail) = ("idn_3", "carol@example.com")
            try await request(store, carol)
            await #expect(throws: StorageError.notFound) {
                try await store.confirmEmailChange(id: "ec_scim", at: Fixtures.at(310), audit: Fixtures.event())
            }
            #expect(try await store.identity(id: "idn_3")?.email == "carol@example.com")
        }
    }

    @Test(arguments: TestEngine.all)
    func aCancellationUndoesAMadeChangeOnceAndEndsTheAccountPageSessions(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            // Cancelled before it is confirmed: the address never changes, and the link is spent.
            try await request(store, change("ec_1", to: "never@example.com"))
            #expect(try await store.cancelEmailChange(id: "ec_1", at: Fixtures.at(10), audit: Fixtures.event())?.confirmedAt == nil)
            #expect(try await store.cancelEmailChange(id: "ec_1", at: Fixtures.at(11), audit: Fixtures.event()) == nil)
            await #expect(throws: StorageError.notFound) {
                try await store.confirmEmailChange(id: "ec_1", at: Fixtures.at(12), audit: Fixtures.event())
            }

            // Confirmed, then cancelled: the former address is back and the page's sessions end.
            try await request(store, change("ec_2", at: 20))
            try await store.confirmEmailChange(id: "ec_2", at: Fixtures.at(30), audit: Fixtures.event())
            try await store.insertAccountSession(identityID: "idn_1")
            let cancelled = Fixtures.event("account.email_change_cancelled")
            #expect(try await store.cancelEmailChange(id: "ec_2", at: Fixtures.at(40), audit: cancelled)?.confirmedAt == Fixtures.at(30))
            #expect(try await store.identity(id: "idn_1")?.email == "alice@example.com")
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_email")) == nil)
            #expect(try await store.auditEvent(id: cancelled.id) != nil)

            // Past its cancellation window, the link does nothing; then the row is purged.
            try await request(store, change("ec_3", at: 50))
            #expect(try await store.cancelEmailChange(id: "ec_3", at: Fixtures.at(50 + 7200), audit: Fixtures.event()) == nil)
            #expect(try await store.deleteExpired(before: Fixtures.at(50 + 7201), limit: 100) >= 3)
            #expect(try await store.emailChange(linkHash: Fixtures.hash("cancel-ec_3")) == nil)
        }
    }
}

extension IdentityStore {
    /// An account-page session `as_email` of `identityID`, written as a passkey sign-in would
    /// (without the passkey's counter, which these tests do not keep).
    fileprivate func insertAccountSession(identityID: String) async throws {
        try await createBindingJob(Fixtures.bindingJob())
        _ = try await completePasskeyBinding(tokenHash: Fixtures.hash("token-1"), now: Fixtures.at(30)) { _, _ in
            (PasskeyStorageTests.credential(), PasskeyStorageTests.passkey(), [])
        }
        try await openAccountSession(
            AccountSessionRecord(
                id: "as_email", secretHash: Fixtures.hash("as_email"), tenantID: "ten_1", realmID: "rlm_1", identityID: identityID,
                credentialID: "crd_pk", authenticatedAt: Fixtures.t0, createdAt: Fixtures.t0, lastSeenAt: Fixtures.t0,
                expiresAt: Fixtures.at(3600), address: nil, userAgent: nil),
            passkeyUse: PasskeyUse(credentialID: "crd_pk", expectedSignCount: 4, signCount: 5, backedUp: false),
            challengeHash: Fixtures.hash("challenge-email"), challengeExpiresAt: Fixtures.at(300), replacing: nil, at: Fixtures.at(35),
            audit: Fixtures.event())
        guard try await accountSession(secretHash: Fixtures.hash("as_email")) != nil else { throw StorageError.notFound }
    }
}
