import Foundation
import IdentityStorageTestSupport
import SQLKit
import Testing

@testable import IdentityStorage

/// Version 17 lets codes and sessions be without a credential: on SQLite it rebuilds both
/// tables. What was signed in before stays signed in, with its refresh tokens, and the foreign
/// keys still cascade afterwards.
@Suite struct EmailCodeMigrationTests {
    @Test(arguments: TestEngine.all)
    func upgradingKeepsSessionsRefreshTokensAndCodes(engine: TestEngine) async throws {
        try await engine.withStore(migratedThrough: 16) { store in
            try await store.createTenant(Fixtures.tenant())
            try await store.insertRealmOfFirstSchema()
            try await store.createIdentity(Fixtures.identity())
            try await store.engine.run { db in
                for statement: SQLQueryString in [
                    """
                    INSERT INTO applications (id, tenant_id, realm_id, client_id, display_name, client_type,
                        token_endpoint_auth_method, redirect_uris, invoke_url, allowed_scopes, created_at, updated_at)
                    VALUES ('app_1', 'ten_1', 'rlm_1', 'bic_1', 'Shop', 'public', 'none', '[]', '', '[]', 0, 0)
                    """,
                    """
                    INSERT INTO binding_jobs (id, tenant_id, realm_id, identity_id, kind, delivery, token_hash, status,
                        expires_at, created_at)
                    VALUES ('bjb_1', 'ten_1', 'rlm_1', 'idn_1', 'registration', 'return', \(bind: Data([1])), 'complete', 0, 0)
                    """,
                ] { try await db.raw(statement).run() }
            }
            try await store.engine.run { db in
                try await store.insertCredentialOfFirstSchema(on: db)
                for statement: SQLQueryString in [
                    """
                    INSERT INTO authorization_codes (code_hash, application_id, realm_id, identity_id, credential_id,
                        redirect_uri, scope, auth_time, expires_at, created_at)
                    VALUES (\(bind: Fixtures.hash("code-1")), 'app_1', 'rlm_1', 'idn_1', 'crd_1', 'https://x', 'openid', 10, 70, 10)
                    """,
                    """
                    INSERT INTO sessions (id, tenant_id, realm_id, application_id, identity_id, credential_id, scope,
                        auth_time, code_hash, created_at, expires_at, dpop_jkt, dpop_key)
                    VALUES ('ses_1', 'ten_1', 'rlm_1', 'app_1', 'idn_1', 'crd_1', 'openid', 10, \(bind: Fixtures.hash("code-1")), 20,
                        \(bind: Fixtures.at(86_400).milliseconds), 'jkt', 'client')
                    """,
                    """
                    INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at)
                    VALUES (\(bind: Fixtures.hash("rt-0")), 'ses_1', 20, \(bind: Fixtures.at(86_400).milliseconds))
                    """,
                ] { try await db.raw(statement).run() }
            }

            try await store.migrate()

            let session = try #require(try await store.session(id: "ses_1"))
            #expect(session.credentialID == "crd_1" && session.dpopBinding?.thumbprint == "jkt")
            #expect(session.assurance == .unrecorded, "what was signed in before counts as a software key")
            #expect(try await store.refreshToken(hash: Fixtures.hash("rt-0"))?.token.sessionID == "ses_1", "the refresh token survived")
            let code = try #require(try await store.authorizationCodeWithStanding(hash: Fixtures.hash("code-1")))
            #expect(code.code.credentialID == "crd_1" && code.standing?.credentialState == .active)

            // A sign-in without a credential now fits, and stands by its identity's status.
            var emailed = Fixtures.code("code-2")
            emailed.credentialID = nil
            emailed.transactionHash = Fixtures.hash("ref-2")
            try await store.completeAuthentication(now: Fixtures.at(30), code: emailed)
            let stored = try #require(try await store.authorizationCodeWithStanding(hash: Fixtures.hash("code-2")))
            #expect(stored.code.credentialID == nil && stored.standing?.identityStatus == .active)

            // The foreign keys still cascade: deleting the application takes its sessions
            // and their refresh tokens.
            try await store.deleteApplication(id: "app_1", audit: nil)
            #expect(try await store.session(id: "ses_1") == nil)
            #expect(try await store.refreshToken(hash: Fixtures.hash("rt-0")) == nil)
        }
    }
}
