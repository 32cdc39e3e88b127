import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// The webhook queue (issue 34): the database fans each mapped audit event out to the
/// subscribed, enabled endpoints of its tenant in the transaction that writes the event, and
/// instances claim due deliveries under leases.
@Suite struct WebhookQueueTests {
    static func endpoint(
        _ id: String, tenant: String = "ten_1", types: [String], enabled: Bool = true
    ) -> WebhookEndpointRecord {
        WebhookEndpointRecord(
            id: id, tenantID: tenant, url: "https://hooks.example/\(id)", description: nil, eventTypes: types, enabled: enabled,
            sealedSecret: Data("sealed-\(id)".utf8), createdAt: Fixtures.t0, updatedAt: Fixtures.t0)
    }

    static func event(_ type: String, tenant: String? = "ten_1", detail: String = "{}", at seconds: TimeInterval = 0) -> AuditEventRecord {
        AuditEventRecord(
            id: "evt_\(UUID().uuidString)", occurredAt: Fixtures.at(seconds), type: type, tenantID: tenant, realmID: "rlm_1",
            subjectID: "sub_1", detailJSON: detail)
    }

    /// Every delivery of `endpoint`, oldest first.
    static func deliveries(_ store: any IdentityStore, _ endpoint: String) async throws -> [WebhookDeliveryRecord] {
        try await store.listWebhookDeliveries(endpointID: endpoint, PageRequest(size: 1000)).items
    }

    static func attempt(_ delivery: WebhookDeliveryRecord, at seconds: TimeInterval, status: Int?) -> WebhookAttemptRecord {
        WebhookAttemptRecord(
            id: "wha_\(UUID().uuidString)", deliveryID: delivery.id, endpointID: delivery.endpointID, attemptedAt: Fixtures.at(seconds),
            durationMilliseconds: 12, statusCode: status, responseExcerpt: status.map { "answer \($0)" }, error: nil, nextAttemptAt: nil)
    }

    @Test(arguments: TestEngine.all)
    func eachMappedEventBecomesOneDeliveryPerSubscribedEnabledEndpointOfItsTenant(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createTenant(Fixtures.tenant("ten_2"))
            try await store.createWebhookEndpoint(Self.endpoint("whe_a", types: ["identity.created", "credential.deleted"]), audit: nil)
            try await store.createWebhookEndpoint(Self.endpoint("whe_b", types: ["credential.revoked", "identity.suspended"]), audit: nil)
            try await store.createWebhookEndpoint(Self.endpoint("whe_off", types: ["identity.created"], enabled: false), audit: nil)
            try await store.createWebhookEndpoint(Self.endpoint("whe_other", tenant: "ten_2", types: ["identity.created"]), audit: nil)

            let created = Self.event("admin.identity.created", detail: #"{"by":"admin"}"#, at: 1)
            try await store.createIdentity(Fixtures.identity("idn_2", username: "bob"), audit: created)
            try await store.appendAuditEvent(Self.event("credential.revoked", detail: #"{"by":"device"}"#, at: 2))
            try await store.appendAuditEvent(Self.event("credential.revoked", detail: #"{"by":"admin"}"#, at: 3))
            try await store.appendAuditEvent(Self.event("admin.identity.updated", detail: #"{"by":"admin","status":"suspended"}"#, at: 4))
            try await store.appendAuditEvent(Self.event("admin.identity.updated", detail: #"{"by":"admin"}"#, at: 5))
            try await store.appendAuditEvent(Self.event("admin.identity.created", tenant: nil, at: 6))
            try await store.appendAuditEvent(Self.event("token.issued", at: 7))

            let a = try await Self.deliveries(store, "whe_a")
            #expect(a.map(\.eventType) == ["identity.created", "credential.deleted"])
            let first = try #require(a.first)
            #expect(first.messageID == created.id && first.state == .pending && first.attempts == 0)
            #expect(first.nextAttemptAt == Fixtures.at(1) && first.occurredAt == Fixtures.at(1))
            #expect(first.tenantID == "ten_1" && first.realmID == "rlm_1" && first.subjectID == "sub_1")
            #expect(first.detailJSON == #"{"by":"admin"}"#)
            #expect(try await Self.deliveries(store, "whe_b").map(\.eventType) == ["credential.revoked", "identity.suspended"])
            #expect(try await Self.deliveries(store, "whe_off").isEmpty, "a disabled endpoint gets nothing")
            #expect(try await Self.deliveries(store, "whe_other").isEmpty, "another tenant's endpoint gets nothing")
            #expect(try await store.webhookQueueStatus() == WebhookQueueStatus(pending: 4, oldestPendingSince: Fixtures.at(1)))
        }
    }

    @Test(arguments: TestEngine.all)
    func noDeliveryWithoutItsChangeNorForARepeatedRefusal(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createWebhookEndpoint(Self.endpoint("whe_a", types: ["identity.created", "sign_in.refused"]), audit: nil)
            let clash = Self.event("admin.identity.created", at: 1)
            try await store.appendAuditEvent(clash)
            await #expect(throws: StorageError.alreadyExists) {
                try await store.createIdentity(Fixtures.identity("idn_2", username: "bob"), audit: clash)
            }
            #expect(try await store.identity(id: "idn_2") == nil)
            #expect(try await Self.deliveries(store, "whe_a").count == 1, "only the event that committed")

            let refusal = Self.event("authentication.refused", at: 2)
            try await store.recordRepeatedEvent(refusal)
            try await store.recordRepeatedEvent(refusal)
            try await store.recordRepeatedEvent(refusal)
            #expect(try await Self.deliveries(store, "whe_a").map(\.eventType) == ["identity.created", "sign_in.refused"])
            #expect(try await store.auditEvent(id: refusal.id)?.occurrences == 3)
        }
    }

    @Test(arguments: TestEngine.all)
    func claimsAreLeasedBoundedPerEndpointAndTakenOverWhenTheLeaseEnds(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createWebhookEndpoint(Self.endpoint("whe_a", types: ["identity.created"]), audit: nil)
            try await store.createWebhookEndpoint(Self.endpoint("whe_b", types: ["identity.created"]), audit: nil)
            for second in 1...3 { try await store.appendAuditEvent(Self.event("admin.identity.created", at: TimeInterval(second))) }
            try await store.appendAuditEvent(Self.event("admin.identity.created", at: 100))

            #expect(try await store.claimWebhookDeliveries(owner: "x", now: Fixtures.at(0), lease: 60, limit: 10, perEndpoint: 2).isEmpty,
                    "nothing is due before its event")
            let first = try await store.claimWebhookDeliveries(owner: "one", now: Fixtures.at(10), lease: 60, limit: 10, perEndpoint: 2)
            #expect(first.count == 4, "two per endpoint")
            #expect(Set(first.map(\.endpointID)) == ["whe_a", "whe_b"])
            #expect(first.allSatisfy { $0.leaseOwner == "one" && $0.leaseExpiresAt == Fixtures.at(70) })
            #expect(first.map(\.occurredAt).allSatisfy { $0 <= Fixtures.at(2) }, "oldest due first")

            let second = try await store.claimWebhookDeliveries(owner: "two", now: Fixtures.at(11), lease: 60, limit: 10, perEndpoint: 2)
            #expect(second.isEmpty, "each endpoint has two in flight already")
            let wider = try await store.claimWebhookDeliveries(owner: "two", now: Fixtures.at(11), lease: 60, limit: 10, perEndpoint: 3)
            #expect(wider.count == 2 && Set(wider.map(\.id)).isDisjoint(with: first.map(\.id)), "a leased delivery is never claimed twice")

            // One delivered by its owner; the others' lease ends, and another instance takes them over.
            let done = first[0]
            #expect(try await store.recordWebhookAttempt(Self.attempt(done, at: 12, status: 204), owner: "one", result: .delivered))
            let takenOver = try await store.claimWebhookDeliveries(owner: "three", now: Fixtures.at(71), lease: 60, limit: 10, perEndpoint: 5)
            #expect(Set(takenOver.map(\.id)) == Set(first.dropFirst().map(\.id) + wider.map(\.id)))
            #expect(!takenOver.contains { $0.id == done.id })
            let late = Self.attempt(first[1], at: 72, status: 200)
            #expect(try await store.recordWebhookAttempt(late, owner: "one", result: .delivered) == false, "the lease was lost")
            #expect(try await store.webhookDelivery(id: first[1].id)?.state == .pending)
            #expect(try await store.webhookAttempts(deliveryID: first[1].id) == [late], "logged all the same")

            let delivered = try #require(try await store.webhookDelivery(id: done.id))
            #expect(delivered.state == .delivered && delivered.attempts == 1 && delivered.lastStatus == 204)
            #expect(delivered.completedAt == Fixtures.at(12) && delivered.leaseOwner == nil)
        }
    }

    @Test(arguments: TestEngine.all)
    func retriesFailuresGoneEndpointsAndReplays(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createWebhookEndpoint(Self.endpoint("whe_a", types: ["identity.created"]), audit: nil)
            try await store.appendAuditEvent(Self.event("admin.identity.created", at: 1))
            try await store.appendAuditEvent(Self.event("admin.identity.created", at: 2))

            var claimed = try await store.claimWebhookDeliveries(owner: "w", now: Fixtures.at(3), lease: 60, limit: 1, perEndpoint: 5)
            let delivery = try #require(claimed.first)
            try await store.recordWebhookAttempt(Self.attempt(delivery, at: 3, status: 500), owner: "w", result: .retry(at: Fixtures.at(8)))
            var retried = try #require(try await store.webhookDelivery(id: delivery.id))
            #expect(retried.state == .pending && retried.attempts == 1 && retried.nextAttemptAt == Fixtures.at(8) && retried.leaseOwner == nil)
            claimed = try await store.claimWebhookDeliveries(owner: "w", now: Fixtures.at(4), lease: 60, limit: 5, perEndpoint: 5)
            #expect(claimed.map(\.id) != [delivery.id] && claimed.count == 1, "not due before its next attempt")
            try await store.recordWebhookAttempt(Self.attempt(claimed[0], at: 4, status: 500), owner: "w", result: .failed)
            #expect(try await store.webhookDelivery(id: claimed[0].id)?.state == .failed)
            let givenUp = claimed[0].id

            claimed = try await store.claimWebhookDeliveries(owner: "w", now: Fixtures.at(8), lease: 60, limit: 5, perEndpoint: 5)
            #expect(claimed.map(\.id) == [delivery.id])
            try await store.recordWebhookAttempt(
                Self.attempt(delivery, at: 8, status: 410), owner: "w", result: .endpointGone(reason: "410 Gone"))
            let endpoint = try #require(try await store.webhookEndpoint(id: "whe_a"))
            #expect(!endpoint.enabled && endpoint.disabledReason == "410 Gone")
            #expect(try await store.webhookAttempts(deliveryID: delivery.id).map(\.statusCode) == [500, 410])

            // Replayed: pending again, but an endpoint turned off gets nothing until turned on.
            retried = try await store.replayWebhookDelivery(id: delivery.id, at: Fixtures.at(20))
            #expect(retried.state == .pending && retried.attempts == 0 && retried.nextAttemptAt == Fixtures.at(20))
            #expect(try await store.claimWebhookDeliveries(owner: "w", now: Fixtures.at(21), lease: 60, limit: 5, perEndpoint: 5).isEmpty)
            var enabled = endpoint
            (enabled.enabled, enabled.disabledReason) = (true, nil)
            try await store.updateWebhookEndpoint(enabled, audit: nil)
            #expect(try await store.claimWebhookDeliveries(owner: "w", now: Fixtures.at(21), lease: 60, limit: 5, perEndpoint: 5)
                .map(\.messageID) == [delivery.messageID], "the same message id")
            await #expect(throws: StorageError.notFound) { _ = try await store.replayWebhookDelivery(id: "whd_none", at: Fixtures.at(20)) }

            // Housekeeping: what was given up before the cutoff goes, with its attempts; pending stays.
            #expect(try await store.deleteCompletedWebhookDeliveries(before: Fixtures.at(4), limit: 10) == 0, "not before it completed")
            #expect(try await store.deleteCompletedWebhookDeliveries(before: Fixtures.at(5), limit: 10) == 1)
            #expect(try await store.webhookDelivery(id: givenUp) == nil)
            #expect(try await store.webhookAttempts(deliveryID: givenUp).isEmpty)
            #expect(try await store.webhookDelivery(id: delivery.id)?.state == .pending)

            try await store.deleteWebhookEndpoint(id: "whe_a", audit: nil)
            #expect(try await store.webhookDelivery(id: delivery.id) == nil)
            #expect(try await store.webhookAttempts(deliveryID: delivery.id).isEmpty)
            #expect(try await store.webhookQueueStatus() == WebhookQueueStatus(pending: 0, oldestPendingSince: nil))
            await #expect(throws: StorageError.notFound) { try await store.deleteWebhookEndpoint(id: "whe_a", audit: nil) }
        }
    }

    @Test(arguments: TestEngine.all)
    func endpointsAreTheTenantsAndTheirSecretsAreResealed(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            await #expect(throws: StorageError.notFound) {
                try await store.createWebhookEndpoint(Self.endpoint("whe_x", tenant: "ten_none", types: []), audit: nil)
            }
            var endpoint = Self.endpoint("whe_a", types: ["identity.created"])
            try await store.createWebhookEndpoint(endpoint, audit: nil)
            endpoint.previousSealedSecret = Data("old".utf8)
            endpoint.previousSecretExpiresAt = Fixtures.at(60)
            endpoint.description = "CRM"
            try await store.updateWebhookEndpoint(endpoint, audit: nil)
            #expect(try await store.webhookEndpoint(id: "whe_a") == endpoint)
            #expect(try await store.listWebhookEndpoints(tenantID: "ten_1", PageRequest(size: 10)).items == [endpoint])

            let check = try await store.recordMasterKeyCheck(Data("check-1".utf8), at: Fixtures.t0)
            let secrets = try await store.sealedSecrets(limit: nil).filter {
                if case .webhookSecret = $0.owner { true } else { false }
            }
            #expect(secrets.count == 2)
            _ = try await store.resealSecrets(replacingCheck: check, with: Data("check-2".utf8), at: Fixtures.t0) { secret in
                secret.sealed + Data("+".utf8)
            }
            let resealed = try #require(try await store.webhookEndpoint(id: "whe_a"))
            #expect(resealed.sealedSecret == Data("sealed-whe_a+".utf8) && resealed.previousSealedSecret == Data("old+".utf8))

            try await store.deleteTenant(id: "ten_1")
            #expect(try await store.webhookEndpoint(id: "whe_a") == nil)
        }
    }

    @Test(arguments: TestEngine.all)
    func twoInstancesClaimingAtOnceNeverShareADelivery(engine: TestEngine) async throws {
        try await engine.withTwoStores { first, second in
            try await first.migrate()
            try await second.migrate()
            try await first.seedTree()
            try await first.createWebhookEndpoint(Self.endpoint("whe_a", types: ["identity.created"]), audit: nil)
            try await first.createWebhookEndpoint(Self.endpoint("whe_b", types: ["identity.created"]), audit: nil)
            for second in 0..<40 { try await first.appendAuditEvent(Self.event("admin.identity.created", at: TimeInterval(second) / 10)) }
            let claims = try await withThrowingTaskGroup(of: [String].self) { group in
                for (index, store) in [first, second, first, second].enumerated() {
                    group.addTask {
                        var mine: [String] = []
                        for _ in 0..<30 {
                            let claimed = try await store.claimWebhookDeliveries(
                                owner: "w\(index)", now: Fixtures.at(10), lease: 60, limit: 3, perEndpoint: 100)
                            mine += claimed.map(\.id)
                        }
                        return mine
                    }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(claims.count == 80 && Set(claims).count == 80, "every delivery claimed once")
        }
    }
}
