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
            #expect(try await store.emailChange(cancelHash: Fixtures.hash("cancel-ec_2"))?.id == "ec_2")
            #expect(try await store.emailChange(confirmHash: Fixtures.hash("cancel-ec_2")) == nil, "each link is its own")
            #expect(try await store.emailChange(confirmHash: Fixtures.hash("confirm-ec_1"))?.cancelledAt == Fixtures.at(10), "replaced")
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
            #expect(try await store.emailChange(confirmHash: Fixtures.hash("confirm-ec_taken"))?.confirmedAt == nil, "rolled back")

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

    /// Cancels `id` at `seconds`, writing an event that says whether it restored; returns that, or `nil`.
    private func cancel(_ store: any IdentityStore, _ id: String, at seconds: TimeInterval) async throws -> Bool? {
        try await store.cancelEmailChange(id: id, at: Fixtures.at(seconds)) { restored in
            Fixtures.auditEvent("evt_cancel_\(id)", at: seconds, type: "account.email_change_cancelled", tenant: "ten_1", detail: #"{"restored":"\#(restored)"}"#)
        }?.restored
    }

    @Test(arguments: TestEngine.all)
    func aCancellationEndsThePagesSessionsAndUndoesAMadeChangeOnce(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.bindPasskey()
            // Cancelled before it is confirmed: the address never changes, the link is spent, and
            // the page's sessions end (whoever asked may hold one).
            try await store.openAccountSession("as_1", counter: 4)
            try await request(store, change("ec_1", to: "never@example.com"))
            #expect(try await cancel(store, "ec_1", at: 10) == false)
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_1")) == nil)
            #expect(try await store.auditEvent(id: "evt_cancel_ec_1")?.detailJSON == #"{"restored":"false"}"#)
            #expect(try await cancel(store, "ec_1", at: 11) == nil)
            await #expect(throws: StorageError.notFound) {
                try await store.confirmEmailChange(id: "ec_1", at: Fixtures.at(12), audit: Fixtures.event())
            }

            // Confirmed, then changed again by whoever made it: the first change's cancellation
            // undoes both, and its sessions end.
            try await request(store, change("ec_2", to: "x@example.com", at: 20))
            try await store.confirmEmailChange(id: "ec_2", at: Fixtures.at(30), audit: Fixtures.event())
            var chained = change("ec_3", to: "y@example.com", at: 40)
            chained.formerEmail = "x@example.com"
            try await request(store, chained)
            try await store.confirmEmailChange(id: "ec_3", at: Fixtures.at(50), audit: Fixtures.event())
            #expect(try await store.identity(id: "idn_1")?.email == "y@example.com")
            try await store.openAccountSession("as_2", counter: 5)
            #expect(try await cancel(store, "ec_2", at: 60) == true)
            #expect(try await store.identity(id: "idn_1")?.email == "alice@example.com")
            #expect(try await store.accountSession(secretHash: Fixtures.hash("as_2")) == nil)
            #expect(try await store.emailChange(cancelHash: Fixtures.hash("cancel-ec_3"))?.cancelledAt == Fixtures.at(60), "ended with it")
            #expect(try await store.auditEvent(id: "evt_cancel_ec_2")?.detailJSON == #"{"restored":"true"}"#)

            // Confirmed, then the address set by someone else (an administrator): not put back, and said.
            try await request(store, change("ec_4", to: "z@example.com", at: 70))
            try await store.confirmEmailChange(id: "ec_4", at: Fixtures.at(80), audit: Fixtures.event())
            var alice = try #require(try await store.identity(id: "idn_1"))
            alice.email = "admin-set@example.com"
            try await store.updateIdentity(alice, revokingCredentialsAt: nil, audit: nil)
            #expect(try await cancel(store, "ec_4", at: 90) == false)
            #expect(try await store.identity(id: "idn_1")?.email == "admin-set@example.com")

            // Confirmed, while another identity took the former address: not put back.
            alice.email = "alice@example.com"
            try await store.updateIdentity(alice, revokingCredentialsAt: nil, audit: nil)
            try await request(store, change("ec_5", at: 100))
            try await store.confirmEmailChange(id: "ec_5", at: Fixtures.at(110), audit: Fixtures.event())
            var bob = Fixtures.identity("idn_2", username: "bob")
            bob.email = "ALICE@example.com"
            try await store.createIdentity(bob, audit: nil)
            #expect(try await cancel(store, "ec_5", at: 120) == false)
            #expect(try await store.identity(id: "idn_1")?.email == "alice.new@example.com")

            // Past its cancellation window, the link does nothing; then the row is purged.
            try await request(store, change("ec_6", at: 130))
            #expect(try await cancel(store, "ec_6", at: 130 + 7200) == nil)
            #expect(try await store.deleteExpired(before: Fixtures.at(130 + 7201), limit: 100) >= 6)
            #expect(try await store.emailChange(cancelHash: Fixtures.hash("cancel-ec_6")) == nil)
        }
    }
}

extension IdentityStore {
    /// Binds the passkey `crd_pk` (counter 4) to `idn_1`.
    fileprivate func bindPasskey() async throws {
        try await createBindingJob(Fixtures.bindingJob())
        _ = try await completePasskeyBinding(tokenHash: Fixtures.hash("token-1"), now: Fixtures.at(1)) { _, _ in
            (PasskeyStorageTests.credential(), PasskeyStorageTests.passkey(), [])
        }
    }

    /// An account-page session `id` of `idn_1`, opened by a passkey sign-in whose counter was `counter`.
    fileprivate func openAccountSession(_ id: String, counter: UInt32) async throws {
        try await openAccountSession(
            AccountSessionRecord(
                id: id, secretHash: Fixtures.hash(id), tenantID: "ten_1", realmID: "rlm_1", identityID: "idn_1",
                credentialID: "crd_pk", authenticatedAt: Fixtures.t0, createdAt: Fixtures.t0, lastSeenAt: Fixtures.t0,
                expiresAt: Fixtures.at(3600), address: nil, userAgent: nil),
            passkeyUse: PasskeyUse(credentialID: "crd_pk", expectedSignCount: counter, signCount: counter + 1, backedUp: false),
            challengeHash: Fixtures.hash("challenge-\(id)"), challengeExpiresAt: Fixtures.at(300), replacing: nil, at: Fixtures.at(5),
            audit: Fixtures.event())
        guard try await accountSession(secretHash: Fixtures.hash(id)) != nil else { throw StorageError.notFound }
    }
}
