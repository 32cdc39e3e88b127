public import Foundation
import SQLKit

/// What the operator console reads: the audit log filtered (newest first; the admin API pages
/// through it oldest first with the same query); identities found by name; sign-ins by hour;
/// realms with their counts.
extension SQLIdentityStore {
    public func listAuditEvents(
        _ filter: AuditEventFilter, order: AuditEventOrder, _ page: PageRequest
    ) async throws -> Page<AuditEventRecord> {
        let cursor = page.cursor.flatMap(AuditCursor.init)
        if page.cursor != nil, cursor == nil { return Page(items: [], nextCursor: nil) }
        var conditions: [SQLQueryString] = []
        if let tenantID = filter.tenantID { conditions.append("tenant_id = \(bind: tenantID)") }
        if let type = filter.type {
            // A prefix by its length rather than by LIKE, which SQLite matches ignoring case.
            conditions.append(type.hasSuffix(".") ? "substr(type, 1, length(\(bind: type))) = \(bind: type)" : "type = \(bind: type)")
        }
        if let subjectID = filter.subjectID {
            conditions.append("(subject_id = \(bind: subjectID) OR \(detail("identity_id")) = \(bind: subjectID))")
        }
        if let adminTokenID = filter.adminTokenID { conditions.append("\(detail("admin_token_id")) = \(bind: adminTokenID)") }
        if let from = filter.from { conditions.append("occurred_at >= \(bind: from.milliseconds)") }
        if let until = filter.until { conditions.append("occurred_at < \(bind: until.milliseconds)") }
        // The next page holds the events past the cursor's in the listing's order.
        let (past, direction): (String, SQLDirection) = order == .oldestFirst ? (">", .ascending) : ("<", .descending)
        if let cursor {
            conditions.append("""
                (occurred_at \(unsafeRaw: past) \(bind: cursor.milliseconds) \
                OR (occurred_at = \(bind: cursor.milliseconds) AND id \(unsafeRaw: past) \(bind: cursor.id)))
                """)
        }
        let events = try await engine.run { [conditions] db in
            var query = db.select().column("*").from(AuditEventRecord.table)
            for condition in conditions { query = query.where(condition) }
            return try await query.orderBy("occurred_at", direction).orderBy("id", direction).limit(page.size + 1).all()
                .map(AuditEventRecord.init(row:))
        }
        let last = events.count > page.size ? events[page.size - 1] : nil
        return Page(items: Array(events.prefix(page.size)), nextCursor: last.map(AuditCursor.text(after:)))
    }

    public func auditEvent(id: String) async throws -> AuditEventRecord? {
        try await fetch(AuditEventRecord.self, where: "id", equals: id)
    }

    public func signInActivity(tenantID: String?, since: Date) async throws -> [SignInActivityBucket] {
        let tenant: SQLQueryString = tenantID.map { "AND tenant_id = \(bind: $0)" } ?? ""
        // Hours by integer division of the stored milliseconds; `outcome DESC` puts
        // `authentication.succeeded` before `authentication.refused`. A cross-device sign-in
        // declined on the device, cancelled in the browser or left unanswered until it expired
        // is a refused sign-in too, for that reason.
        // The outcomes are constants of this code, written as SQL literals (a bound value's type
        // is unknown to PostgreSQL in a CASE's result).
        let (succeeded, refused): (SQLQueryString, SQLQueryString) = (
            "'\(unsafeRaw: SignInActivityBucket.Outcome.succeeded.rawValue)'", "'\(unsafeRaw: SignInActivityBucket.Outcome.refused.rawValue)'")
        let statement: SQLQueryString = """
            SELECT occurred_at / 3600000 * 3600000 AS hour_start,
            CASE WHEN type = \(succeeded) THEN \(succeeded) ELSE \(refused) END AS outcome,
            CASE WHEN type = \(refused) THEN \(detail("reason"))
                WHEN type = 'cross_device.declined' THEN 'declined_on_device'
                WHEN type = 'cross_device.cancelled' THEN 'cancelled_in_browser'
                WHEN type = 'cross_device.expired' THEN 'expired_unanswered' END AS reason,
            CAST(SUM(occurrences) AS BIGINT) AS count
            FROM audit_events
            WHERE type IN (\(succeeded), \(refused), 'cross_device.declined', 'cross_device.cancelled', 'cross_device.expired')
            AND occurred_at >= \(bind: since.milliseconds) \(tenant)
            GROUP BY hour_start, outcome, reason ORDER BY hour_start, outcome DESC, reason
            """
        return try await engine.run { db in
            try await db.raw(statement).all().map { row in
                SignInActivityBucket(
                    hour: try row.date("hour_start"), outcome: try row.value("outcome"), reason: try row.optionalString("reason"),
                    count: try row.decode(column: "count", as: Int.self))
            }
        }
    }

    public func realmPopulation(tenantID: String?) async throws -> [RealmPopulation] {
        let tenant: SQLQueryString = tenantID.map { "WHERE r.tenant_id = \(bind: $0)" } ?? ""
        // Counted per realm through the indexes by realm and by identity, so one tenant's
        // counts read only that tenant's rows.
        let statement: SQLQueryString = """
            SELECT r.id, r.tenant_id, r.display_name,
            (SELECT COUNT(*) FROM identities i
                WHERE i.realm_id = r.id AND i.status = \(bind: IdentityRecord.Status.active.rawValue)) AS active_identities,
            (SELECT COUNT(*) FROM credentials c JOIN identities i ON i.id = c.identity_id
                WHERE i.realm_id = r.id AND c.state = \(bind: CredentialRecord.State.active.rawValue)) AS active_credentials,
            (SELECT COUNT(*) FROM credentials c JOIN identities i ON i.id = c.identity_id
                WHERE i.realm_id = r.id AND c.state = \(bind: CredentialRecord.State.active.rawValue)
                AND c.kind = \(bind: CredentialRecord.Kind.passkey.rawValue)) AS active_passkeys
            FROM realms r \(tenant) ORDER BY r.id
            """
        return try await engine.run { db in
            try await db.raw(statement).all().map { row in
                RealmPopulation(
                    realmID: try row.string("id"), tenantID: try row.string("tenant_id"), displayName: try row.string("display_name"),
                    activeIdentities: try row.decode(column: "active_identities", as: Int.self),
                    activeCredentials: try row.decode(column: "active_credentials", as: Int.self),
                    activePasskeys: try row.decode(column: "active_passkeys", as: Int.self))
            }
        }
    }

    /// The string at `key` of an audit event's details, by the engine's JSON functions.
    private func detail(_ key: String) -> SQLQueryString {
        engine.kind == .postgres ? "(detail_json::jsonb)->>\(literal: key)" : "json_extract(detail_json, \(literal: "$.\(key)"))"
    }
}
