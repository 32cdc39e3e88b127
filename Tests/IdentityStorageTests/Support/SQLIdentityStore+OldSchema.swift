import Foundation
import SQLKit

@testable import IdentityStorage

extension SQLIdentityStore {
    /// Inserts ``Fixtures/realm(_:tenant:)`` with the columns every schema version has, for
    /// tests that seed a database at an old version (today's record has columns it lacks).
    func insertRealmOfFirstSchema(_ realm: RealmRecord = Fixtures.realm()) async throws {
        try await engine.run { db in
            try await db.raw("""
                INSERT INTO realms (id, tenant_id, display_name, registration_redirect_uri, sealed_ca_private_key,
                    ca_certificate_der, created_at, updated_at)
                VALUES (\(bind: realm.id), \(bind: realm.tenantID), \(bind: realm.displayName), \(bind: realm.registrationRedirectURI),
                    \(bind: realm.sealedCAPrivateKey), \(bind: realm.caCertificateDER), \(bind: realm.createdAt.milliseconds),
                    \(bind: realm.updatedAt.milliseconds))
                """).run()
        }
    }

    /// Inserts ``Fixtures/application(_:)`` with the columns every schema version has.
    func insertApplicationOfFirstSchema(_ application: ApplicationRecord = Fixtures.application()) async throws {
        try await engine.run { db in
            try await db.raw("""
                INSERT INTO applications (id, tenant_id, realm_id, client_id, display_name, client_type, token_endpoint_auth_method,
                    redirect_uris, invoke_url, allowed_scopes, created_at, updated_at)
                VALUES (\(bind: application.id), \(bind: application.tenantID), \(bind: application.realmID), \(bind: application.clientID),
                    \(bind: application.displayName), \(bind: application.clientType.rawValue),
                    \(bind: application.tokenEndpointAuthMethod.rawValue), \(bind: jsonText(application.redirectURIs)),
                    \(bind: application.invokeURL), \(bind: jsonText(application.allowedScopes)), \(bind: application.createdAt.milliseconds),
                    \(bind: application.updatedAt.milliseconds))
                """).run()
        }
    }

    /// Inserts `credential` with the columns of the schema before version 24 (no `kind`).
    func insertCredentialOfFirstSchema(_ credential: CredentialRecord = Fixtures.credential(), on db: (any SQLDatabase)? = nil) async throws {
        let statement: SQLQueryString = """
            INSERT INTO credentials (id, tenant_id, realm_id, identity_id, state, device_name, certificate_der,
                parent_credential_id, created_at, last_used_at, revoked_at)
            VALUES (\(bind: credential.id), \(bind: credential.tenantID), \(bind: credential.realmID), \(bind: credential.identityID),
                \(bind: credential.state.rawValue), \(bind: credential.deviceName), \(bind: credential.certificateDER),
                \(bind: credential.parentCredentialID), \(bind: credential.createdAt.milliseconds), \(bind: credential.lastUsedAt?.milliseconds),
                \(bind: credential.revokedAt?.milliseconds))
            """
        if let db {
            try await db.raw(statement).run()
        } else {
            try await engine.run { db in try await db.raw(statement).run() }
        }
    }
}
