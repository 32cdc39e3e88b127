import Foundation
import IdentityStorageTestSupport
import SQLKit
import Testing

@testable import IdentityStorage

/// Version 23: a redeemed code names its session, and the indexes of sessions and issued tokens
/// by code are gone. A code redeemed before the upgrade learns its session from them, so its
/// replay after the upgrade still revokes what it issued.
@Suite struct CodeSessionMigrationTests {
    @Test(arguments: TestEngine.all)
    func aCodeRedeemedBeforeTheUpgradeStillRevokesItsSession(engine: TestEngine) async throws {
        try await engine.withStore(migratedThrough: 22) { store in
            try await store.createTenant(Fixtures.tenant())
            try await store.insertRealmOfFirstSchema()
            try await store.insertApplicationOfFirstSchema()
            try await store.createIdentity(Fixtures.identity())
            try await store.insertCredentialOfFirstSchema()
            try await store.engine.run { db in
                for code in ["code-1", "code-2"] {
                    try await db.raw("""
                        INSERT INTO authorization_codes (code_hash, application_id, realm_id, identity_id, credential_id,
                            redirect_uri, scope, auth_time, expires_at, created_at, used_at)
                        VALUES (\(bind: Fixtures.hash(code)), 'app_1', 'rlm_1', 'idn_1', 'crd_1', 'https://x', 'openid', 10, 70, 10,
                            \(bind: code == "code-1" ? Int64?.some(20) : nil))
                        """).run()
                }
                // The session as version 22 stores it (later versions add columns).
                try await db.raw("""
                    INSERT INTO sessions (id, tenant_id, realm_id, application_id, identity_id, credential_id, scope, auth_time,
                        code_hash, created_at, expires_at)
                    VALUES ('ses_1', 'ten_1', 'rlm_1', 'app_1', 'idn_1', 'crd_1', 'openid', 10, \(bind: Fixtures.hash("code-1")), 20, 86400000)
                    """).run()
                // The token as version 22 stores it (version 36 adds its hash).
                try await db.raw("""
                    INSERT INTO issued_tokens (jti, grant_type, code_hash, session_id, expires_at)
                    VALUES ('jti_1', 'authorization_code', \(bind: Fixtures.hash("code-1")), 'ses_1', 3600000)
                    """).run()
            }
            try await store.migrate()
            #expect(try await store.issuedToken(jti: "jti_1")?.tokenHash == nil, "a token from before hashes were kept has none")

            #expect(try await store.authorizationCodeWithStanding(hash: Fixtures.hash("code-1"))?.code.sessionID == "ses_1")
            #expect(try await store.authorizationCodeWithStanding(hash: Fixtures.hash("code-2"))?.code.sessionID == nil)
            #expect(try await store.revokeTokens(issuedFromCode: Fixtures.hash("code-1"), at: Fixtures.at(50)) == 1)
            #expect(try await store.session(id: "ses_1")?.revokedAt == Fixtures.at(50))
            #expect(try await store.issuedToken(jti: "jti_1")?.revokedAt == Fixtures.at(50))
        }
    }
}
