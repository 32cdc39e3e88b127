public import Foundation
import SQLKit

/// Webhook endpoints and the queue of their deliveries (filled by the trigger of
/// ``Migrations/webhooks(_:)``), claimed under leases.
extension SQLIdentityStore {
    /// Rewrites `webhook_event_types` from ``WebhookEventMapping/all`` (every ``migrate()``).
    func syncWebhookEventTypes() async throws {
        try await engine.transaction { db in
            if self.engine.kind == .postgres {
                // Servers starting at once: one rewrite after the other (the migrations' lock).
                try await db.raw("SELECT pg_advisory_xact_lock(7406011)").run()
            }
            try await db.raw("DELETE FROM webhook_event_types").run()
            for mapping in WebhookEventMapping.all {
                try await db.raw("""
                    INSERT INTO webhook_event_types (audit_type, event_type, detail_includes, detail_excludes)
                    VALUES (\(bind: mapping.auditType), \(bind: mapping.eventType), \(bind: mapping.detailIncludes),
                    \(bind: mapping.detailExcludes))
                    """).run()
            }
        }
    }

    public func createWebhookEndpoint(_ endpoint: WebhookEndpointRecord, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in
            try await self.requireSealingKey(on: db)
            try await self.insert(endpoint, on: db)
        }
    }

    public func webhookEndpoint(id: String) async throws -> WebhookEndpointRecord? {
        try await fetch(WebhookEndpointRecord.self, where: "id", equals: id)
    }

    public func listWebhookEndpoints(tenantID: String, _ page: PageRequest) async throws -> Page<WebhookEndpointRecord> {
        try await list(WebhookEndpointRecord.self, where: "tenant_id", equals: tenantID, page)
    }

    public func updateWebhookEndpoint(_ endpoint: WebhookEndpointRecord, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in
            try await self.requireSealingKey(on: db)
            try await self.replace(endpoint, keeping: ["tenant_id"], on: db)
        }
    }

    public func deleteWebhookEndpoint(id: String, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in try await self.delete(from: WebhookEndpointRecord.table, id: id, on: db) }
    }

    public func enqueueWebhookDelivery(_ delivery: WebhookDeliveryRecord) async throws {
        try await insert(delivery)
    }

    public func claimWebhookDeliveries(
        owner: String, now: Date, lease: TimeInterval, limit: Int, perEndpoint: Int
    ) async throws -> [WebhookDeliveryRecord] {
        let (at, until) = (now.milliseconds, now.addingTimeInterval(lease).milliseconds)
        let pending = WebhookDeliveryRecord.State.pending.rawValue
        // Ranked per endpoint, so that no endpoint gets more than `perEndpoint` leased at once.
        let candidates: SQLQueryString = """
            SELECT id FROM (
                SELECT d.id, d.next_attempt_at,
                    ROW_NUMBER() OVER (PARTITION BY d.endpoint_id ORDER BY d.next_attempt_at, d.id) AS position,
                    (SELECT COUNT(*) FROM webhook_deliveries l WHERE l.endpoint_id = d.endpoint_id AND l.state = \(bind: pending)
                        AND l.lease_expires_at > \(bind: at)) AS leased
                FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
                WHERE d.state = \(bind: pending) AND d.next_attempt_at <= \(bind: at) AND e.enabled = 1
                    AND (d.lease_expires_at IS NULL OR d.lease_expires_at <= \(bind: at))
            ) ranked WHERE position + leased <= \(bind: Int64(perEndpoint))
            ORDER BY next_attempt_at, id LIMIT \(bind: Int64(limit))
            """
        return try await claimLeased(WebhookDeliveryRecord.self, candidates: candidates, owner: owner, at: at, until: until)
            .sorted { ($0.nextAttemptAt, $0.id) < ($1.nextAttemptAt, $1.id) }
    }

    public func recordWebhookAttempt(_ attempt: WebhookAttemptRecord, owner: String, result: WebhookAttemptResult) async throws -> Bool {
        let (state, next): (WebhookDeliveryRecord.State, Date?) = switch result {
        case .delivered: (.delivered, nil)
        case .retry(let at): (.pending, at)
        case .failed, .endpointGone: (.failed, nil)
        }
        let at = attempt.attemptedAt.milliseconds
        let completed = state == .pending ? nil : at
        let update: SQLQueryString = """
            UPDATE webhook_deliveries SET state = \(bind: state.rawValue), attempts = attempts + 1,
                next_attempt_at = \(bind: (next ?? attempt.attemptedAt).milliseconds), lease_owner = NULL, lease_expires_at = NULL,
                last_attempt_at = \(bind: at), last_status = \(bind: attempt.statusCode.map(Int64.init)), completed_at = \(bind: completed)
            WHERE id = \(bind: attempt.deliveryID) AND lease_owner = \(bind: owner) AND state = 'pending' RETURNING id
            """
        return try await engine.transaction { db in
            let changed = try await db.raw(update).all().count == 1
            try await self.insert(attempt, on: db)
            if changed, case .endpointGone(let reason) = result {
                try await db.raw("""
                    UPDATE webhook_endpoints SET enabled = 0, disabled_reason = \(bind: reason), updated_at = \(bind: at)
                    WHERE id = \(bind: attempt.endpointID)
                    """).run()
            }
            return changed
        }
    }

    public func webhookDelivery(id: String) async throws -> WebhookDeliveryRecord? {
        try await fetch(WebhookDeliveryRecord.self, where: "id", equals: id)
    }

    public func listWebhookDeliveries(endpointID: String, _ page: PageRequest) async throws -> Page<WebhookDeliveryRecord> {
        try await list(WebhookDeliveryRecord.self, where: "endpoint_id", equals: endpointID, page)
    }

    public func webhookAttempts(deliveryID: String) async throws -> [WebhookAttemptRecord] {
        try await engine.run { db in
            try await db.raw("""
                SELECT * FROM webhook_attempts WHERE delivery_id = \(bind: deliveryID) ORDER BY attempted_at, id
                """).all().map(WebhookAttemptRecord.init(row:))
        }
    }

    public func replayWebhookDelivery(id: String, at now: Date) async throws -> WebhookDeliveryRecord {
        let row = try await engine.run { db in
            try await db.raw("""
                UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at = \(bind: now.milliseconds),
                    completed_at = NULL
                WHERE id = \(bind: id) RETURNING *
                """).first()
        }
        guard let row else { throw StorageError.notFound.with(detail: "webhook delivery \(id)") }
        return try WebhookDeliveryRecord(row: row)
    }

    public func deleteCompletedWebhookDeliveries(before cutoff: Date, limit: Int) async throws -> Int {
        try await engine.run { db in
            try await db.raw("""
                DELETE FROM webhook_deliveries WHERE id IN (
                    SELECT id FROM webhook_deliveries WHERE state <> 'pending' AND completed_at < \(bind: cutoff.milliseconds)
                    LIMIT \(bind: Int64(limit)))
                RETURNING 1 AS one
                """).all().count
        }
    }

    public func webhookQueueStatus() async throws -> WebhookQueueStatus {
        try await engine.run { db in
            let row = try await db.raw("""
                SELECT COUNT(*) AS pending, MIN(occurred_at) AS oldest FROM webhook_deliveries WHERE state = 'pending'
                """).first()
            return WebhookQueueStatus(
                pending: Int(try row?.decode(column: "pending", as: Int64.self) ?? 0),
                oldestPendingSince: try row?.optionalDate("oldest"))
        }
    }
}

extension WebhookEndpointRecord: SQLRecord {
    static let table = "webhook_endpoints"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("url", url), ("description", description), ("event_types", jsonText(eventTypes)),
         ("enabled", Int64(enabled ? 1 : 0)), ("disabled_reason", disabledReason), ("sealed_secret", sealedSecret),
         ("previous_sealed_secret", previousSealedSecret), ("previous_secret_expires_at", previousSecretExpiresAt?.milliseconds),
         ("created_at", createdAt.milliseconds), ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), url: try row.string("url"),
            description: try row.optionalString("description"), eventTypes: try row.strings("event_types"),
            enabled: try row.decode(column: "enabled", as: Int64.self) != 0, disabledReason: try row.optionalString("disabled_reason"),
            sealedSecret: try row.data("sealed_secret"), previousSealedSecret: try row.optionalData("previous_sealed_secret"),
            previousSecretExpiresAt: try row.optionalDate("previous_secret_expires_at"), createdAt: try row.date("created_at"),
            updatedAt: try row.date("updated_at"))
    }
}

extension WebhookDeliveryRecord: SQLRecord {
    static let table = "webhook_deliveries"
    var columns: [SQLColumn] {
        [("id", id), ("endpoint_id", endpointID), ("message_id", messageID), ("event_type", eventType),
         ("occurred_at", occurredAt.milliseconds), ("tenant_id", tenantID), ("realm_id", realmID), ("subject_id", subjectID),
         ("detail_json", detailJSON), ("state", state.rawValue), ("attempts", Int64(attempts)),
         ("next_attempt_at", nextAttemptAt.milliseconds), ("lease_owner", leaseOwner), ("lease_expires_at", leaseExpiresAt?.milliseconds),
         ("last_attempt_at", lastAttemptAt?.milliseconds), ("last_status", lastStatus.map(Int64.init)),
         ("created_at", createdAt.milliseconds), ("completed_at", completedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), endpointID: try row.string("endpoint_id"), messageID: try row.string("message_id"),
            eventType: try row.string("event_type"), occurredAt: try row.date("occurred_at"), tenantID: try row.optionalString("tenant_id"),
            realmID: try row.optionalString("realm_id"), subjectID: try row.optionalString("subject_id"),
            detailJSON: try row.string("detail_json"), state: try row.value("state"),
            attempts: Int(try row.decode(column: "attempts", as: Int64.self)), nextAttemptAt: try row.date("next_attempt_at"),
            leaseOwner: try row.optionalString("lease_owner"), leaseExpiresAt: try row.optionalDate("lease_expires_at"),
            lastAttemptAt: try row.optionalDate("last_attempt_at"),
            lastStatus: try row.decode(column: "last_status", as: Int64?.self).map(Int.init), createdAt: try row.date("created_at"),
            completedAt: try row.optionalDate("completed_at"))
    }
}

extension WebhookAttemptRecord: SQLRecord {
    static let table = "webhook_attempts"
    var columns: [SQLColumn] {
        [("id", id), ("delivery_id", deliveryID), ("endpoint_id", endpointID), ("attempted_at", attemptedAt.milliseconds),
         ("duration_ms", Int64(durationMilliseconds)), ("status_code", statusCode.map(Int64.init)),
         ("response_excerpt", responseExcerpt), ("error", error), ("next_attempt_at", nextAttemptAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), deliveryID: try row.string("delivery_id"), endpointID: try row.string("endpoint_id"),
            attemptedAt: try row.date("attempted_at"), durationMilliseconds: Int(try row.decode(column: "duration_ms", as: Int64.self)),
            statusCode: try row.decode(column: "status_code", as: Int64?.self).map(Int.init),
            responseExcerpt: try row.optionalString("response_excerpt"), error: try row.optionalString("error"),
            nextAttemptAt: try row.optionalDate("next_attempt_at"))
    }
}
