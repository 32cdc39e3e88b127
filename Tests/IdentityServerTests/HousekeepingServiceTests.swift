import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Logging
import Testing

@testable import IdentityServer
@testable import IdentityServerCore
import ServerTestSupport

/// The purge keeps what its retentions say, and nothing longer (issue 14 #15).
@Suite struct HousekeepingServiceTests {
    @Test func auditEventsGoAfterTheirRetentionExpiredRowsAfterTheirs() async throws {
        try await ServiceFixture.with { (fixture: ServiceFixture) async throws in
            _ = try await fixture.seedRealm()  // writes audit events at the fixture's now
            var settings = ServerConfiguration.Housekeeping()
            settings.batchSize = 2
            settings.auditRetention = 30 * 86_400
            let service = HousekeepingService(store: fixture.store, settings: settings, audit: fixture.audit, logger: Logger(label: "test"), now: fixture.now)
            let written = try await fixture.store.listAuditEvents(tenantID: nil, PageRequest(size: 100)).items.count
            #expect(written >= 4)

            fixture.clock.advance(by: 29 * 86_400)
            #expect(try await service.purge() == 0)
            fixture.clock.advance(by: 2 * 86_400)
            #expect(try await service.purge() == written)
            #expect(try await fixture.store.listAuditEvents(tenantID: nil, PageRequest(size: 100)).items.isEmpty)

            settings.auditRetention = nil
            try await fixture.audit.record("kept.forever", tenantID: nil, realmID: nil, subjectID: nil)
            fixture.clock.advance(by: 10 * 365 * 86_400)
            let keeping = HousekeepingService(store: fixture.store, settings: settings, audit: fixture.audit, logger: Logger(label: "test"), now: fixture.now)
            #expect(try await keeping.purge() == 0)
        }
    }
}
