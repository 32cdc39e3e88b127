import Foundation
import SQLKit

/// Numbered schema migrations, recorded in `schema_migrations`, each in its own transaction.
/// On PostgreSQL an advisory lock serializes servers that start at once.
enum Migrations {
    /// One migration: its version and its statements for an engine.
    struct Migration: Sendable {
        let version: Int
        let statements: @Sendable (SQLEngineKind) -> [String]
        /// Whether it rebuilds SQLite tables others refer to: SQLite's foreign keys are off
        /// while it runs (they cannot be switched inside a transaction), checked before it commits.
        var rebuildsTables = false
    }

    static let all: [Migration] = [
        Migration(version: 1, statements: initialSchema),
        Migration(version: 2, statements: extensionSessions),
        Migration(version: 3, statements: extensionSessionsByCredential),
        Migration(version: 4, statements: sessions),
        Migration(version: 5, statements: signingAlgorithms),
        Migration(version: 6, statements: usedSignedRequests),
        Migration(version: 7, statements: sealedTransactions),
        Migration(version: 8, statements: masterKeyCheck),
        Migration(version: 9, statements: signingKeyActivation),
        Migration(version: 10, statements: adminTokenLifecycle),
        Migration(version: 11, statements: clientSecretRotation),
        Migration(version: 12, statements: usedDPoPProofs),
        Migration(version: 13, statements: dpopBinding),
        Migration(version: 14, statements: consoleSessions),
        Migration(version: 15, statements: repeatedEvents),
        Migration(version: 16, statements: crossDeviceSignIns),
        Migration(version: 17, statements: emailCodesAndAssurance, rebuildsTables: true),
        Migration(version: 18, statements: webhooks),
        Migration(version: 19, statements: themesAndInvocation),
        Migration(version: 20, statements: mailQueue),
        Migration(version: 21, statements: scimProvisioning),
        Migration(version: 22, statements: scimEnrollment),
        Migration(version: 23, statements: codeSessions),
    ]

    /// Applies what is missing, up to `version` (tests stop short to upgrade old data). Idempotent.
    /// Another server migrating the same SQLite file at once holds its lock for a while: each
    /// step is retried a few times (each try waits out SQLite's busy timeout) before giving up.
    static func apply(on engine: any SQLEngine, now: Date, through version: Int = .max) async throws {
        for migration in all where migration.version <= version {
            try await retryingWhileBusy { try await apply(migration, on: engine, now: now) }
        }
    }

    private static func retryingWhileBusy(attempts: Int = 10, _ body: () async throws -> Void) async throws {
        for attempt in 1... {
            do {
                return try await body()
            } catch let error as StorageError where error == .unavailable && attempt < attempts {
                continue
            }
        }
    }

    private static func apply(_ migration: Migration, on engine: any SQLEngine, now: Date) async throws {
        guard migration.rebuildsTables, engine.kind == .sqlite else { return try await applyInTransaction(migration, on: engine, now: now) }
        try await engine.runOutsideTransactions { db in try await db.raw("PRAGMA foreign_keys = OFF").run() }
        do {
            try await applyInTransaction(migration, on: engine, now: now)
        } catch {
            try? await engine.runOutsideTransactions { db in try await db.raw("PRAGMA foreign_keys = ON").run() }
            throw error
        }
        try await engine.runOutsideTransactions { db in try await db.raw("PRAGMA foreign_keys = ON").run() }
    }

    private static func applyInTransaction(_ migration: Migration, on engine: any SQLEngine, now: Date) async throws {
        try await engine.transaction { db in
            if engine.kind == .postgres {
                // Concurrent CREATE TABLE IF NOT EXISTS can still collide on PostgreSQL: lock first.
                try await db.raw("SELECT pg_advisory_xact_lock(7406011)").run()
            }
            try await db.raw("""
                CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)
                """).run()
            let applied = try await db.raw(
                "SELECT version FROM schema_migrations WHERE version = \(bind: migration.version)").first()
            guard applied == nil else { return }
            for statement in migration.statements(engine.kind) {
                try await db.raw(SQLQueryString(statement)).run()
            }
            if migration.rebuildsTables, engine.kind == .sqlite, try await db.raw("PRAGMA foreign_key_check").first() != nil {
                throw StorageError.unavailable.with(detail: "migration \(migration.version) broke a foreign key")
            }
            try await db.raw("""
                INSERT INTO schema_migrations (version, applied_at) VALUES (\(bind: migration.version), \(bind: now.milliseconds))
                """).run()
        }
    }

    private static func initialSchema(_ kind: SQLEngineKind) -> [String] {
        let blob = kind.blob
        return [
            """
            CREATE TABLE tenants (
                id TEXT PRIMARY KEY, display_name TEXT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE realms (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
                display_name TEXT NOT NULL, registration_redirect_uri TEXT NOT NULL,
                sealed_ca_private_key \(blob) NOT NULL, ca_certificate_der \(blob) NOT NULL,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX realms_by_tenant ON realms (tenant_id, id)",
            """
            CREATE TABLE applications (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL REFERENCES realms(id) ON DELETE CASCADE,
                client_id TEXT NOT NULL UNIQUE, display_name TEXT NOT NULL, client_type TEXT NOT NULL,
                token_endpoint_auth_method TEXT NOT NULL, client_secret_hash \(blob), redirect_uris TEXT NOT NULL,
                invoke_url TEXT NOT NULL, allowed_scopes TEXT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX applications_by_realm ON applications (realm_id, id)",
            """
            CREATE TABLE identities (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL REFERENCES realms(id) ON DELETE CASCADE,
                username TEXT NOT NULL, email TEXT, display_name TEXT NOT NULL, status TEXT NOT NULL,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, UNIQUE (realm_id, username))
            """,
            "CREATE INDEX identities_by_realm ON identities (realm_id, id)",
            """
            CREATE TABLE credentials (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL,
                identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE, state TEXT NOT NULL,
                device_name TEXT, certificate_der \(blob) NOT NULL, parent_credential_id TEXT,
                created_at BIGINT NOT NULL, last_used_at BIGINT, revoked_at BIGINT)
            """,
            "CREATE INDEX credentials_by_identity ON credentials (identity_id, id)",
            """
            CREATE TABLE binding_jobs (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL,
                identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE, kind TEXT NOT NULL,
                delivery TEXT NOT NULL, token_hash \(blob) NOT NULL UNIQUE, post_binding_redirect_uri TEXT,
                status TEXT NOT NULL, expires_at BIGINT NOT NULL, created_at BIGINT NOT NULL, completed_at BIGINT,
                credential_id TEXT)
            """,
            "CREATE INDEX binding_jobs_by_identity ON binding_jobs (identity_id, id)",
            """
            CREATE TABLE auth_transactions (
                reference_hash \(blob) PRIMARY KEY,
                application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE, realm_id TEXT NOT NULL,
                redirect_uri TEXT NOT NULL, scope TEXT NOT NULL, state TEXT, nonce TEXT, code_challenge TEXT,
                code_challenge_method TEXT, challenge TEXT NOT NULL, expires_at BIGINT NOT NULL,
                created_at BIGINT NOT NULL, consumed_at BIGINT)
            """,
            "CREATE INDEX auth_transactions_by_expiry ON auth_transactions (expires_at)",
            """
            CREATE TABLE authorization_codes (
                code_hash \(blob) PRIMARY KEY,
                application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE, realm_id TEXT NOT NULL,
                identity_id TEXT NOT NULL, credential_id TEXT NOT NULL, redirect_uri TEXT NOT NULL, scope TEXT NOT NULL,
                nonce TEXT, code_challenge TEXT, code_challenge_method TEXT, auth_time BIGINT NOT NULL,
                expires_at BIGINT NOT NULL, created_at BIGINT NOT NULL, used_at BIGINT)
            """,
            "CREATE INDEX authorization_codes_by_expiry ON authorization_codes (expires_at)",
            """
            CREATE TABLE issued_tokens (
                jti TEXT PRIMARY KEY, code_hash \(blob) NOT NULL, expires_at BIGINT NOT NULL, revoked_at BIGINT)
            """,
            "CREATE INDEX issued_tokens_by_code ON issued_tokens (code_hash)",
            "CREATE INDEX issued_tokens_by_expiry ON issued_tokens (expires_at)",
            """
            CREATE TABLE signing_keys (
                kid TEXT PRIMARY KEY, realm_id TEXT NOT NULL REFERENCES realms(id) ON DELETE CASCADE,
                sealed_private_key \(blob) NOT NULL, created_at BIGINT NOT NULL, retired_at BIGINT)
            """,
            "CREATE INDEX signing_keys_by_realm ON signing_keys (realm_id, created_at)",
            """
            CREATE TABLE admin_tokens (token_hash \(blob) PRIMARY KEY, label TEXT NOT NULL, created_at BIGINT NOT NULL)
            """,
            """
            CREATE TABLE audit_events (
                id TEXT PRIMARY KEY, occurred_at BIGINT NOT NULL, type TEXT NOT NULL, tenant_id TEXT, realm_id TEXT,
                subject_id TEXT, detail_json TEXT NOT NULL)
            """,
            "CREATE INDEX audit_events_by_time ON audit_events (occurred_at, id)",
        ]
    }

    /// Version 2: credential extension sessions and rate-limit windows.
    private static func extensionSessions(_ kind: SQLEngineKind) -> [String] {
        let blob = kind.blob
        return [
            """
            CREATE TABLE extension_sessions (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL, identity_id TEXT NOT NULL,
                credential_id TEXT NOT NULL REFERENCES credentials(id) ON DELETE CASCADE,
                holder_secret_hash \(blob) NOT NULL, code_hash \(blob) NOT NULL UNIQUE, code_expires_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL, state TEXT NOT NULL, version BIGINT NOT NULL, holder_seen_at BIGINT NOT NULL,
                claim_secret_hash \(blob), claimant_device_name TEXT, claimant_credential_id TEXT,
                draft_certificate_der \(blob), claimed_at BIGINT, issued_chain TEXT, failure TEXT,
                created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
            """,
            "CREATE INDEX extension_sessions_by_expiry ON extension_sessions (expires_at)",
            """
            CREATE TABLE rate_limit_windows (
                bucket TEXT NOT NULL, window_start BIGINT NOT NULL, attempts BIGINT NOT NULL, expires_at BIGINT NOT NULL,
                PRIMARY KEY (bucket, window_start))
            """,
            "CREATE INDEX rate_limit_windows_by_expiry ON rate_limit_windows (expires_at)",
        ]
    }

    /// Version 3: a credential's live extension sessions, found by index (opening one cancels the rest).
    private static func extensionSessionsByCredential(_: SQLEngineKind) -> [String] {
        ["CREATE INDEX extension_sessions_by_credential ON extension_sessions (credential_id, state)"]
    }

    /// Version 4: sessions with rotating refresh tokens; access tokens of every grant (no longer
    /// only of a code); the applications' grant types, refresh lifetimes, CORS origins and
    /// post-logout redirect URIs. Applications that exist keep what they had (the code grant
    /// only): refresh tokens are something an operator turns on, not something an upgrade does.
    private static func sessions(_ kind: SQLEngineKind) -> [String] {
        let blob = kind.blob
        let existingGrants = jsonText([ApplicationRecord.GrantType.authorizationCode.rawValue])
        return [
            "ALTER TABLE applications ADD COLUMN grant_types TEXT NOT NULL DEFAULT '\(existingGrants)'",
            "ALTER TABLE applications ADD COLUMN refresh_token_lifetime BIGINT NOT NULL DEFAULT \(Int64(ApplicationRecord.defaultRefreshTokenLifetime))",
            "ALTER TABLE applications ADD COLUMN refresh_token_idle_lifetime BIGINT NOT NULL DEFAULT \(Int64(ApplicationRecord.defaultRefreshTokenIdleLifetime))",
            "ALTER TABLE applications ADD COLUMN allowed_origins TEXT NOT NULL DEFAULT '[]'",
            "ALTER TABLE applications ADD COLUMN post_logout_redirect_uris TEXT NOT NULL DEFAULT '[]'",
            """
            CREATE TABLE sessions (
                id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL,
                application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
                identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE,
                credential_id TEXT NOT NULL REFERENCES credentials(id) ON DELETE CASCADE,
                scope TEXT NOT NULL, auth_time BIGINT NOT NULL, code_hash \(blob) NOT NULL, created_at BIGINT NOT NULL,
                expires_at BIGINT NOT NULL, last_refreshed_at BIGINT, revoked_at BIGINT)
            """,
            "CREATE INDEX sessions_by_identity ON sessions (identity_id, id)",
            "CREATE INDEX sessions_by_code ON sessions (code_hash)",
            "CREATE INDEX sessions_by_expiry ON sessions (expires_at)",
            """
            CREATE TABLE refresh_tokens (
                token_hash \(blob) PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, used_at BIGINT)
            """,
            "CREATE INDEX refresh_tokens_by_session ON refresh_tokens (session_id)",
            """
            CREATE TABLE issued_tokens_v4 (
                jti TEXT PRIMARY KEY, grant_type TEXT NOT NULL, code_hash \(blob), session_id TEXT,
                expires_at BIGINT NOT NULL, revoked_at BIGINT)
            """,
            """
            INSERT INTO issued_tokens_v4 (jti, grant_type, code_hash, expires_at, revoked_at)
            SELECT jti, 'authorization_code', code_hash, expires_at, revoked_at FROM issued_tokens
            """,
            "DROP TABLE issued_tokens",
            "ALTER TABLE issued_tokens_v4 RENAME TO issued_tokens",
        ] + (kind == .postgres ? ["ALTER INDEX issued_tokens_v4_pkey RENAME TO issued_tokens_pkey"] : []) + [
            "CREATE INDEX issued_tokens_by_code ON issued_tokens (code_hash)",
            "CREATE INDEX issued_tokens_by_session ON issued_tokens (session_id)",
            "CREATE INDEX issued_tokens_by_expiry ON issued_tokens (expires_at)",
        ]
    }

    /// Version 6: the signed device requests already accepted, until they could no longer be;
    /// whether a recovery keeps the identity's other credentials.
    /// Version 7: sign-in transactions travel sealed in their reference instead of a table; a
    /// transaction's single use is the uniqueness of its hash among the codes it earns. (Sign-ins
    /// started before the upgrade must start again.)
    private static func sealedTransactions(_ kind: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE authorization_codes ADD COLUMN transaction_hash \(kind.blob)",
            "CREATE UNIQUE INDEX authorization_codes_by_transaction ON authorization_codes (transaction_hash)",
            "DROP TABLE auth_transactions",
        ]
    }

    private static func usedSignedRequests(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE binding_jobs ADD COLUMN keeps_other_credentials BIGINT NOT NULL DEFAULT 0",
            """
            CREATE TABLE used_signed_requests (
                credential_id TEXT NOT NULL, request_id TEXT NOT NULL, expires_at BIGINT NOT NULL,
                PRIMARY KEY (credential_id, request_id))
            """,
            "CREATE INDEX used_signed_requests_by_expiry ON used_signed_requests (expires_at)",
        ]
    }

    /// Version 8: the check value of the master key, so a server started with another key
    /// refuses to start instead of failing every request that needs a secret.
    private static func masterKeyCheck(_ kind: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE master_key_check (
                id BIGINT PRIMARY KEY CHECK (id = 1), check_value \(kind.blob) NOT NULL, recorded_at BIGINT NOT NULL)
            """,
        ]
    }

    /// Version 9: signing keys published before they sign (rotation).
    private static func signingKeyActivation(_: SQLEngineKind) -> [String] {
        ["ALTER TABLE signing_keys ADD COLUMN activates_at BIGINT"]
    }

    /// Version 10: admin tokens as a resource: a public id (the first 8 bytes of the hash in
    /// hex, as audit events already named them), a tenant scope, expiry and revocation.
    private static func adminTokenLifecycle(_ kind: SQLEngineKind) -> [String] {
        let hashPrefix = kind == .postgres
            ? "encode(substring(token_hash from 1 for 8), 'hex')" : "lower(hex(substr(token_hash, 1, 8)))"
        return [
            "ALTER TABLE admin_tokens ADD COLUMN id TEXT",
            "UPDATE admin_tokens SET id = \(hashPrefix)",
            "CREATE UNIQUE INDEX admin_tokens_by_id ON admin_tokens (id)",
            "ALTER TABLE admin_tokens ADD COLUMN tenant_id TEXT REFERENCES tenants (id) ON DELETE CASCADE",
            "CREATE INDEX admin_tokens_by_tenant ON admin_tokens (tenant_id)",
            "ALTER TABLE admin_tokens ADD COLUMN expires_at BIGINT",
            "ALTER TABLE admin_tokens ADD COLUMN revoked_at BIGINT",
        ]
    }

    /// Version 11: a client secret's predecessor, accepted for a while after a rotation; a
    /// tenant's audit events found without reading everyone's (tenant-scoped admin tokens).
    private static func clientSecretRotation(_ kind: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE applications ADD COLUMN previous_client_secret_hash \(kind.blob)",
            "ALTER TABLE applications ADD COLUMN previous_client_secret_expires_at BIGINT",
            "CREATE INDEX audit_events_by_tenant ON audit_events (tenant_id, occurred_at, id)",
        ]
    }

    /// Version 12: the DPoP proofs accepted while they could be replayed (RFC 9449 §11.1).
    private static func usedDPoPProofs(_: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE used_dpop_proofs (
                key_thumbprint TEXT NOT NULL, jti TEXT NOT NULL, expires_at BIGINT NOT NULL,
                PRIMARY KEY (key_thumbprint, jti))
            """,
            "CREATE INDEX used_dpop_proofs_by_expiry ON used_dpop_proofs (expires_at)",
        ]
    }

    /// Version 13: DPoP-bound tokens (RFC 9449): whether an application requires them, and the
    /// key a session's tokens are bound to.
    private static func dpopBinding(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE applications ADD COLUMN dpop_bound_access_tokens BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE sessions ADD COLUMN dpop_jkt TEXT",
            "ALTER TABLE sessions ADD COLUMN dpop_key TEXT",
        ]
    }

    /// Version 14: the web console's sessions (only the cookie secret's hash is stored), and
    /// the forms of theirs already sent (those that show a secret once work once).
    private static func consoleSessions(_ kind: SQLEngineKind) -> [String] {
        [
            """
            CREATE TABLE console_sessions (
                id TEXT PRIMARY KEY, secret_hash \(kind.blob) NOT NULL UNIQUE, admin_token_id TEXT NOT NULL,
                created_at BIGINT NOT NULL, last_seen_at BIGINT NOT NULL, expires_at BIGINT NOT NULL)
            """,
            "CREATE INDEX console_sessions_by_expiry ON console_sessions (expires_at)",
            """
            CREATE TABLE used_console_forms (
                session_id TEXT NOT NULL, form_id TEXT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (session_id, form_id))
            """,
            "CREATE INDEX used_console_forms_by_expiry ON used_console_forms (expires_at)",
        ]
    }

    /// Version 15: a refusal repeated within its window is one event with a count, so that
    /// whoever repeats a refused request cannot make the log grow by a row per request.
    private static func repeatedEvents(_: SQLEngineKind) -> [String] {
        ["ALTER TABLE audit_events ADD COLUMN occurrences BIGINT NOT NULL DEFAULT 1"]
    }

    /// Version 16: browser sign-ins approved on another device, and where each application
    /// offers them.
    private static func crossDeviceSignIns(_ kind: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE applications ADD COLUMN sign_in_devices TEXT NOT NULL DEFAULT 'same_device'",
            """
            CREATE TABLE cross_device_sign_ins (
                id TEXT PRIMARY KEY, request_hash \(kind.blob) NOT NULL UNIQUE, browser_hash \(kind.blob) NOT NULL,
                tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL, application_id TEXT NOT NULL, auth_transaction TEXT NOT NULL,
                source_ip TEXT NOT NULL, user_agent TEXT, referer TEXT, geolocation TEXT, state TEXT NOT NULL,
                identity_id TEXT, credential_id TEXT, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, decided_at BIGINT)
            """,
            "CREATE INDEX cross_device_sign_ins_by_expiry ON cross_device_sign_ins (expires_at)",
        ]
    }

    /// Version 17: email one-time codes (a sign-in without a credential, so codes and sessions
    /// may have none), what each sign-in proved (`amr`, `acr`), and whether each application
    /// offers email codes and lets them bind a new credential. SQLite cannot drop a NOT NULL:
    /// its two tables are rebuilt (foreign keys off meanwhile, so dropping the old `sessions`
    /// cascades nothing and `refresh_tokens` goes on referring to the new one).
    private static func emailCodesAndAssurance(_ kind: SQLEngineKind) -> [String] {
        let blob = kind.blob
        let nullable: [String] = kind == .postgres
            ? [
                "ALTER TABLE authorization_codes ALTER COLUMN credential_id DROP NOT NULL",
                "ALTER TABLE sessions ALTER COLUMN credential_id DROP NOT NULL",
            ]
            : [
                """
                CREATE TABLE authorization_codes_v17 (
                    code_hash \(blob) PRIMARY KEY,
                    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE, realm_id TEXT NOT NULL,
                    identity_id TEXT NOT NULL, credential_id TEXT, redirect_uri TEXT NOT NULL, scope TEXT NOT NULL,
                    nonce TEXT, code_challenge TEXT, code_challenge_method TEXT, auth_time BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL, created_at BIGINT NOT NULL, used_at BIGINT, transaction_hash \(blob))
                """,
                "INSERT INTO authorization_codes_v17 SELECT * FROM authorization_codes",
                "DROP TABLE authorization_codes",
                "ALTER TABLE authorization_codes_v17 RENAME TO authorization_codes",
                "CREATE INDEX authorization_codes_by_expiry ON authorization_codes (expires_at)",
                "CREATE UNIQUE INDEX authorization_codes_by_transaction ON authorization_codes (transaction_hash)",
                """
                CREATE TABLE sessions_v17 (
                    id TEXT PRIMARY KEY, tenant_id TEXT NOT NULL, realm_id TEXT NOT NULL,
                    application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
                    identity_id TEXT NOT NULL REFERENCES identities(id) ON DELETE CASCADE,
                    credential_id TEXT REFERENCES credentials(id) ON DELETE CASCADE,
                    scope TEXT NOT NULL, auth_time BIGINT NOT NULL, code_hash \(blob) NOT NULL, created_at BIGINT NOT NULL,
                    expires_at BIGINT NOT NULL, last_refreshed_at BIGINT, revoked_at BIGINT, dpop_jkt TEXT, dpop_key TEXT)
                """,
                "INSERT INTO sessions_v17 SELECT * FROM sessions",
                "DROP TABLE sessions",
                "ALTER TABLE sessions_v17 RENAME TO sessions",
                "CREATE INDEX sessions_by_identity ON sessions (identity_id, id)",
                "CREATE INDEX sessions_by_code ON sessions (code_hash)",
                "CREATE INDEX sessions_by_expiry ON sessions (expires_at)",
            ]
        return nullable + [
            "ALTER TABLE authorization_codes ADD COLUMN amr TEXT NOT NULL DEFAULT '[\"swk\"]'",
            "ALTER TABLE authorization_codes ADD COLUMN acr TEXT NOT NULL DEFAULT 'phr'",
            "ALTER TABLE sessions ADD COLUMN amr TEXT NOT NULL DEFAULT '[\"swk\"]'",
            "ALTER TABLE sessions ADD COLUMN acr TEXT NOT NULL DEFAULT 'phr'",
            "ALTER TABLE applications ADD COLUMN email_codes BIGINT NOT NULL DEFAULT 0",
            "ALTER TABLE applications ADD COLUMN email_code_binding BIGINT NOT NULL DEFAULT 0",
            """
            CREATE TABLE email_code_challenges (
                id TEXT PRIMARY KEY, code_hash \(blob) NOT NULL, auth_transaction TEXT NOT NULL, tenant_id TEXT NOT NULL,
                realm_id TEXT NOT NULL, application_id TEXT NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
                identity_id TEXT REFERENCES identities(id) ON DELETE CASCADE, attempts_left BIGINT NOT NULL,
                created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, redeemed_at BIGINT)
            """,
            "CREATE INDEX email_code_challenges_by_expiry ON email_code_challenges (expires_at)",
            "ALTER TABLE cross_device_sign_ins ADD COLUMN amr TEXT",
            "ALTER TABLE cross_device_sign_ins ADD COLUMN acr TEXT",
        ]
    }

    /// Version 19: the vendor's later API: realms' logos and support link, and applications whose
    /// `/authorize` answers the invoke URL as JSON.
    private static func themesAndInvocation(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE realms ADD COLUMN logo_light_url TEXT",
            "ALTER TABLE realms ADD COLUMN logo_dark_url TEXT",
            "ALTER TABLE realms ADD COLUMN support_url TEXT",
            "ALTER TABLE applications ADD COLUMN invocation_type TEXT NOT NULL DEFAULT 'automatic'",
        ]
    }

    /// Version 5: RSA signing keys beside P-256 ones, and the applications' ID-token algorithm.
    private static func signingAlgorithms(_: SQLEngineKind) -> [String] {
        [
            "ALTER TABLE signing_keys ADD COLUMN algorithm TEXT NOT NULL DEFAULT 'ES256'",
            "ALTER TABLE applications ADD COLUMN id_token_signed_response_alg TEXT NOT NULL DEFAULT 'ES256'",
        ]
    }
}

extension Date {
    /// Milliseconds since 1970, as stored.
    var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    /// A stored date.
    init(milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
