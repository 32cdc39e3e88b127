import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// The mail queue (issue 34): a binding job's mail is written in the job's transaction, claimed
/// under a lease by one instance at a time, recorded with its audit event, dropped with its job,
/// and its sealed message is re-sealed by a master-key rotation and forgotten once completed.
@Suite struct MailQueueStorageTests {
    static func mail(_ id: String, job: String, due seconds: TimeInterval = 0) -> MailDeliveryRecord {
        MailDeliveryRecord(
            id: id, bindingJobID: job, tenantID: "ten_1", realmID: "rlm_1", sealedMessage: Data("sealed-\(id)".utf8),
            nextAttemptAt: Fixtures.at(seconds), createdAt: Fixtures.t0)
    }

    static func event(_ type: String) -> AuditEventRecord {
        AuditEventRecord(
            id: "evt_\(UUID().uuidString)", occurredAt: Fixtures.t0, type: type, tenantID: "ten_1", realmID: "rlm_1",
            subjectID: "bjb_1", detailJSON: "{}")
    }

    static func stored(_ store: any IdentityStore, _ job: String) async throws -> MailDeliveryRecord {
        try #require(try await store.mailDeliveries(bindingJobIDs: [job]).first)
    }

    @Test(arguments: TestEngine.all)
    func aMailIsWrittenWithItsJobLeasedRetriedAndCompletedWithItsEvent(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            // A job whose mail cannot be written is not written either.
            await #expect(throws: StorageError.notFound) {
                try await store.createBindingJob(Fixtures.bindingJob("bjb_1"), mailing: Self.mail("mld_1", job: "bjb_none"), audit: nil)
            }
            #expect(try await store.bindingJob(id: "bjb_1") == nil)
            try await store.createBindingJob(Fixtures.bindingJob("bjb_1"), mailing: Self.mail("mld_1", job: "bjb_1"), audit: nil)
            try await store.createBindingJob(Fixtures.bindingJob("bjb_2", token: "t2"), mailing: Self.mail("mld_2", job: "bjb_2", due: 30), audit: nil)
            #expect(try await Self.stored(store, "bjb_1") == Self.mail("mld_1", job: "bjb_1"))

            // Only what is due, and only once while leased; an expired lease is taken over.
            let claimed = try await store.claimMailDeliveries(owner: "a", now: Fixtures.at(1), lease: 60, limit: 10)
            #expect(claimed.map(\.id) == ["mld_1"] && claimed.first?.leaseOwner == "a")
            #expect(try await store.claimMailDeliveries(owner: "b", now: Fixtures.at(2), lease: 60, limit: 10).isEmpty)
            let takenOver = try await store.claimMailDeliveries(owner: "b", now: Fixtures.at(62), lease: 60, limit: 10)
            #expect(takenOver.map(\.id) == ["mld_1", "mld_2"], "oldest due first")
            // The lost lease records nothing.
            #expect(try await store.recordMailAttempt(
                deliveryID: "mld_1", owner: "a", at: Fixtures.at(63), error: "late", result: .delivered, audit: Self.event("binding_job.delivered")) == false)

            // A transient failure: pending, due later, the relay's words kept, no event.
            #expect(try await store.recordMailAttempt(
                deliveryID: "mld_1", owner: "b", at: Fixtures.at(63), error: "421 try later", result: .retry(at: Fixtures.at(70)), audit: nil))
            var mail = try await Self.stored(store, "bjb_1")
            #expect(mail.state == .pending && mail.attempts == 1 && mail.nextAttemptAt == Fixtures.at(70) && mail.leaseOwner == nil)
            #expect(mail.lastError == "421 try later" && mail.sealedMessage != nil)

            // Delivered: the message is dropped, the event written with it.
            _ = try await store.claimMailDeliveries(owner: "c", now: Fixtures.at(70), lease: 60, limit: 10)
            let delivered = Self.event("binding_job.delivered")
            #expect(try await store.recordMailAttempt(
                deliveryID: "mld_1", owner: "c", at: Fixtures.at(71), error: nil, result: .delivered, audit: delivered))
            mail = try await Self.stored(store, "bjb_1")
            #expect(mail.state == .delivered && mail.attempts == 2 && mail.completedAt == Fixtures.at(71) && mail.sealedMessage == nil)
            #expect(mail.lastError == nil)
            #expect(try await store.listAuditEvents(tenantID: "ten_1", PageRequest(size: 10)).items.map(\.id) == [delivered.id])

            // Given up: failed, message dropped.
            #expect(try await store.recordMailAttempt(
                deliveryID: "mld_2", owner: "b", at: Fixtures.at(71), error: "550 no such user", result: .failed, audit: nil))
            let failed = try await Self.stored(store, "bjb_2")
            #expect(failed.state == .failed && failed.lastError == "550 no such user" && failed.sealedMessage == nil)
            #expect(try await store.claimMailDeliveries(owner: "d", now: Fixtures.at(1000), lease: 60, limit: 10).isEmpty)
        }
    }

    @Test(arguments: TestEngine.all)
    func aPendingMessageIsResealedAndGoesWithItsJob(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createBindingJob(Fixtures.bindingJob("bjb_1"), mailing: Self.mail("mld_1", job: "bjb_1"), audit: nil)
            try await store.createBindingJob(Fixtures.bindingJob("bjb_2", token: "t2"), mailing: Self.mail("mld_2", job: "bjb_2"), audit: nil)
            _ = try await store.claimMailDeliveries(owner: "a", now: Fixtures.at(1), lease: 60, limit: 10)
            try await store.recordMailAttempt(deliveryID: "mld_2", owner: "a", at: Fixtures.at(1), error: nil, result: .delivered, audit: nil)

            let check = try await store.recordMasterKeyCheck(Data("check-1".utf8), at: Fixtures.t0)
            let mails = try await store.sealedSecrets(limit: nil).filter { if case .mailMessage = $0.owner { true } else { false } }
            #expect(mails.map(\.owner) == [.mailMessage(deliveryID: "mld_1")], "only a pending mail keeps its message")
            _ = try await store.resealSecrets(replacingCheck: check, with: Data("check-2".utf8), at: Fixtures.t0) { $0.sealed + Data("+".utf8) }
            #expect(try await Self.stored(store, "bjb_1").sealedMessage == Data("sealed-mld_1+".utf8))

            try await store.deleteTenant(id: "ten_1")
            #expect(try await store.mailDeliveries(bindingJobIDs: ["bjb_1", "bjb_2"]).isEmpty)
        }
    }

    @Test(arguments: TestEngine.all)
    func twoInstancesClaimingAtOnceNeverShareAMail(engine: TestEngine) async throws {
        try await engine.withTwoStores { first, second in
            try await first.migrate()
            try await second.migrate()
            try await first.seedTree()
            for index in 0..<20 {
                try await first.createBindingJob(
                    Fixtures.bindingJob("bjb_\(index)", token: "t\(index)"), mailing: Self.mail("mld_\(index)", job: "bjb_\(index)"), audit: nil)
            }
            let claims = try await withThrowingTaskGroup(of: [String].self) { group in
                for (index, store) in [first, second, first, second].enumerated() {
                    group.addTask { try await store.claimMailDeliveries(owner: "o\(index)", now: Fixtures.at(1), lease: 60, limit: 8).map(\.id) }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claims.count == Set(claims).count, "no mail claimed twice")
            let rest = try await first.claimMailDeliveries(owner: "o9", now: Fixtures.at(1), lease: 60, limit: 20).map(\.id)
            #expect(Set(claims + rest).count == 20 && Set(claims).isDisjoint(with: rest))
        }
    }
}
