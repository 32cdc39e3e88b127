public import Foundation
import SQLKit

/// The mail queue: enrollment mails written with their binding jobs, claimed under leases.
extension SQLIdentityStore {
    public func createBindingJob(_ job: BindingJobRecord, mailing mail: MailDeliveryRecord?, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in
            if mail != nil { try await self.requireSealingKey(on: db) }
            try await self.insert(job, on: db)
            if let mail { try await self.insert(mail, on: db) }
        }
    }

    public func claimMailDeliveries(owner: String, now: Date, lease: TimeInterval, limit: Int) async throws -> [MailDeliveryRecord] {
        let (at, until) = (now.milliseconds, now.addingTimeInterval(lease).milliseconds)
        let candidates: SQLQueryString = """
            SELECT id FROM mail_deliveries WHERE state = 'pending' AND next_attempt_at <= \(bind: at)
                AND (lease_expires_at IS NULL OR lease_expires_at <= \(bind: at))
            ORDER BY next_attempt_at, id LIMIT \(bind: Int64(limit))
            """
        return try await claimLeased(MailDeliveryRecord.self, candidates: candidates, owner: owner, at: at, until: until)
            .sorted { ($0.nextAttemptAt, $0.id) < ($1.nextAttemptAt, $1.id) }
    }

    @discardableResult
    public func recordMailAttempt(
        deliveryID: String, owner: String, at date: Date, error: String?, result: MailAttemptResult, audit event: AuditEventRecord?
    ) async throws -> Bool {
        let (state, next): (MailDeliveryRecord.State, Date?) = switch result {
        case .delivered: (.delivered, nil)
        case .retry(let at): (.pending, at)
        case .failed: (.failed, nil)
        }
        let at = date.milliseconds
        let completed = state == .pending ? nil : at
        // A completed mail's message (and the link in it) is no longer kept.
        let update: SQLQueryString = """
            UPDATE mail_deliveries SET state = \(bind: state.rawValue), attempts = attempts + 1,
                next_attempt_at = \(bind: (next ?? date).milliseconds), lease_owner = NULL, lease_expires_at = NULL,
                last_attempt_at = \(bind: at), last_error = \(bind: error), completed_at = \(bind: completed),
                sealed_message = CASE WHEN \(bind: state.rawValue) = 'pending' THEN sealed_message ELSE NULL END
            WHERE id = \(bind: deliveryID) AND lease_owner = \(bind: owner) AND state = 'pending' RETURNING id
            """
        return try await engine.transaction { db in
            let changed = try await db.raw(update).all().count == 1
            if changed, let event { try await self.insert(event, on: db) }
            return changed
        }
    }

    public func mailDeliveries(bindingJobIDs: [String]) async throws -> [MailDeliveryRecord] {
        guard !bindingJobIDs.isEmpty else { return [] }
        return try await engine.run { db in
            try await db.raw("SELECT * FROM mail_deliveries WHERE binding_job_id IN (\(binds: bindingJobIDs))")
                .all().map(MailDeliveryRecord.init(row:))
        }
    }
}

extension MailDeliveryRecord: SQLRecord {
    static let table = "mail_deliveries"
    var columns: [SQLColumn] {
        [("id", id), ("binding_job_id", bindingJobID), ("tenant_id", tenantID), ("realm_id", realmID), ("sealed_message", sealedMessage),
         ("state", state.rawValue), ("attempts", Int64(attempts)), ("next_attempt_at", nextAttemptAt.milliseconds),
         ("lease_owner", leaseOwner), ("lease_expires_at", leaseExpiresAt?.milliseconds), ("last_attempt_at", lastAttemptAt?.milliseconds),
         ("last_error", lastError), ("created_at", createdAt.milliseconds), ("completed_at", completedAt?.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), bindingJobID: try row.string("binding_job_id"), tenantID: try row.string("tenant_id"),
            realmID: try row.string("realm_id"), sealedMessage: try row.optionalData("sealed_message"), state: try row.value("state"),
            attempts: Int(try row.decode(column: "attempts", as: Int64.self)), nextAttemptAt: try row.date("next_attempt_at"),
            leaseOwner: try row.optionalString("lease_owner"), leaseExpiresAt: try row.optionalDate("lease_expires_at"),
            lastAttemptAt: try row.optionalDate("last_attempt_at"), lastError: try row.optionalString("last_error"),
            createdAt: try row.date("created_at"), completedAt: try row.optionalDate("completed_at"))
    }
}
