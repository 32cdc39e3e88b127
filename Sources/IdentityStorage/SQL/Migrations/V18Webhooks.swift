extension Migrations {
    /// Version 18: webhook endpoints, the queue of deliveries with their attempts, and the
    /// trigger that fills the queue from the audit log in the same transaction.
    static func webhooks(_ kind: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE webhook_endpoints (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL REFERENCES tenants(id) ON DELETE CASCADE, url TEXT NOT NULL,
                description TEXT, event_types TEXT NOT NULL, enabled BIGINT NOT NULL, disabled_reason TEXT,
                sealed_secret \(kind.blob) NOT NULL, previous_sealed_secret \(kind.blob), previous_secret_expires_at BIGINT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX webhook_endpoints_by_tenant ON webhook_endpoints (tenant_id, id)",
            """
            CREATE TABLE webhook_deliveries (
                id TEXT PRIMARY KEY, endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
                message_id TEXT NOT NULL, event_type TEXT NOT NULL, occurred_at BIGINT NOT NULL, tenant_id TEXT, realm_id TEXT,
                subject_id TEXT, detail_json TEXT NOT NULL, state TEXT NOT NULL, attempts BIGINT NOT NULL,
                next_attempt_at BIGINT NOT NULL, lease_owner TEXT, lease_expires_at BIGINT, last_attempt_at BIGINT,
                last_status BIGINT, created_at BIGINT NOT NULL, completed_at BIGINT)
            """,
            "CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, next_attempt_at)",
            "CREATE INDEX webhook_deliveries_by_endpoint ON webhook_deliveries (endpoint_id, id)",
            """
            CREATE TABLE webhook_attempts (
                id TEXT PRIMARY KEY, delivery_id TEXT NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
                endpoint_id TEXT NOT NULL, attempted_at BIGINT NOT NULL, duration_ms BIGINT NOT NULL, status_code BIGINT,
                response_excerpt TEXT, error TEXT, next_attempt_at BIGINT)
            """,
            "CREATE INDEX webhook_attempts_by_delivery ON webhook_attempts (delivery_id, attempted_at)",
            """
            CREATE TABLE webhook_event_types (
                audit_type TEXT NOT NULL, event_type TEXT NOT NULL, detail_includes TEXT, detail_excludes TEXT,
                PRIMARY KEY (audit_type, event_type))
            """,
        ] + fanOut(kind)
    }

    /// The trigger: each new audit event whose type (and detail) maps to a webhook event type
    /// becomes one pending delivery, due at once, per enabled endpoint of its tenant subscribed
    /// to that type. A delivery's id starts with the event's time, so ids sort by it. A repeated
    /// refusal counted on an existing event (an upsert's update) inserts no row: no delivery.
    static func fanOut(_ kind: SQLEngineKind) -> [String] {
        let (contains, random, time) = switch kind {
        case .sqlite: ("instr", "lower(hex(randomblob(8)))", "printf('%013d', NEW.occurred_at)")
        case .postgres: ("strpos", "substr(md5(random()::text || clock_timestamp()::text), 1, 16)", "lpad(NEW.occurred_at::text, 13, '0')")
        }
        let insert = """
            INSERT INTO webhook_deliveries (
                id, endpoint_id, message_id, event_type, occurred_at, tenant_id, realm_id, subject_id, detail_json, state,
                attempts, next_attempt_at, created_at)
            SELECT 'whd_' || \(time) || \(random), e.id, NEW.id, m.event_type, NEW.occurred_at, NEW.tenant_id, NEW.realm_id,
                NEW.subject_id, NEW.detail_json, 'pending', 0, NEW.occurred_at, NEW.occurred_at
            FROM webhook_event_types m JOIN webhook_endpoints e ON e.tenant_id = NEW.tenant_id
            WHERE m.audit_type = NEW.type AND e.enabled = 1
                AND \(contains)(e.event_types, '"' || m.event_type || '"') > 0
                AND (m.detail_includes IS NULL OR \(contains)(NEW.detail_json, m.detail_includes) > 0)
                AND (m.detail_excludes IS NULL OR \(contains)(NEW.detail_json, m.detail_excludes) = 0);
            """
        switch kind {
        case .sqlite:
            return ["CREATE TRIGGER audit_events_to_webhooks AFTER INSERT ON audit_events FOR EACH ROW BEGIN \(insert) END"]
        case .postgres:
            return [
                """
                CREATE FUNCTION audit_events_to_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN \(insert) RETURN NULL; END $$
                """,
                """
                CREATE TRIGGER audit_events_to_webhooks AFTER INSERT ON audit_events
                FOR EACH ROW EXECUTE PROCEDURE audit_events_to_webhooks()
                """,
            ]
        }
    }
}
