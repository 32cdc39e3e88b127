import Foundation
import IdentityStorageTestSupport
import SQLKit
import Testing

@testable import IdentityStorage

/// Version 25: an application's `sign_in_devices` and `email_codes` become one list,
/// `sign_in_methods`, that keeps what each offered; an emailed code carries over only where the
/// app on this device was offered, as it never worked elsewhere.
@Suite struct SignInMethodMigrationTests {
    @Test(arguments: TestEngine.all)
    func everyCombinationKeepsWhatItOffered(engine: TestEngine) async throws {
        let cases: [(devices: String, emailCodes: Int64, methods: [ApplicationRecord.SignInMethod])] = [
            ("same_device", 0, [.sameDevice]), ("same_device", 1, [.sameDevice, .emailCode]),
            ("cross_device", 0, [.crossDevice]), ("cross_device", 1, [.crossDevice]),
            ("both", 0, [.crossDevice, .sameDevice]), ("both", 1, [.crossDevice, .sameDevice, .emailCode]),
        ]
        try await engine.withStore(migratedThrough: 24) { store in
            try await store.createTenant(Fixtures.tenant())
            try await store.insertRealmOfFirstSchema()
            try await store.engine.run { db in
                for (index, old) in cases.enumerated() {
                    try await db.raw("""
                        INSERT INTO applications (id, tenant_id, realm_id, client_id, display_name, client_type,
                            token_endpoint_auth_method, redirect_uris, invoke_url, allowed_scopes, created_at, updated_at,
                            sign_in_devices, email_codes)
                        VALUES (\(bind: "app_\(index)"), 'ten_1', 'rlm_1', \(bind: "client-\(index)"), 'App', 'public', 'none',
                            '["https://app.example/cb"]', 'https://app.example/invoke', '["openid"]', 10, 10,
                            \(bind: old.devices), \(bind: old.emailCodes))
                        """).run()
                }
            }
            try await store.migrate()
            for (index, old) in cases.enumerated() {
                let application = try #require(try await store.application(id: "app_\(index)"))
                #expect(application.signInMethods == old.methods, "\(old.devices), email codes \(old.emailCodes)")
            }
            #expect(try await store.realmOffers(.crossDevice, realmID: "rlm_1"))
            #expect(try await store.realmOffers(.passkey, realmID: "rlm_1") == false)
        }
    }
}
