extension Migrations {
    /// Version 1: the first schema: tenants, realms, applications, identities, credentials,
    /// binding jobs, authorization codes, issued tokens, signing keys, admin tokens and the audit log.
    static func initialSchema(_ kind: SQLEngineKind) -> [String] {
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
}
