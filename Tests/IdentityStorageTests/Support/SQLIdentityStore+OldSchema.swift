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
}
