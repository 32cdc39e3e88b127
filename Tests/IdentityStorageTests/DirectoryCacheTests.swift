import Foundation
@testable import IdentityStorage
import Testing

/// Realms and applications are cached by the store; a change is never served stale, on this
/// instance at once and on another as soon as PostgreSQL delivers its notification.
@Suite struct DirectoryCacheTests {
    @Test(arguments: TestEngine.all)
    func aChangeThroughTheStoreIsReadBackAtOnce(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            // Read (and cache) both, by every key.
            #expect(try await store.application(clientID: "client_1")?.displayName == "App app_1")
            #expect(try await store.application(id: "app_1")?.displayName == "App app_1")
            #expect(try await store.realm(id: "rlm_1")?.displayName == "Realm rlm_1")

            var application = Fixtures.application()
            application.redirectURIs = ["https://new.example/cb"]
            try await store.updateApplication(application)
            #expect(try await store.application(clientID: "client_1")?.redirectURIs == ["https://new.example/cb"])
            #expect(try await store.application(id: "app_1")?.redirectURIs == ["https://new.example/cb"])
            var realm = Fixtures.realm()
            realm.displayName = "Renamed"
            try await store.updateRealm(realm)
            #expect(try await store.realm(id: "rlm_1")?.displayName == "Renamed")

            try await store.deleteApplication(id: "app_1")
            #expect(try await store.application(clientID: "client_1") == nil)
            #expect(try await store.application(id: "app_1") == nil)
            try await store.deleteTenant(id: "ten_1")
            #expect(try await store.realm(id: "rlm_1") == nil)
        }
    }

    @Test func postgresInstancesHearEachOthersChanges() async throws {
        guard TestEngine.all.contains(.postgres) else { return }
        try await TestEngine.postgres.withTwoStores { first, second in
            try await first.migrate()
            try await first.seedTree()
            #expect(try await second.application(clientID: "client_1")?.displayName == "App app_1")
            #expect(try await second.realm(id: "rlm_1")?.displayName == "Realm rlm_1")

            var application = Fixtures.application()
            application.displayName = "Changed elsewhere"
            try await first.updateApplication(application)
            var realm = Fixtures.realm()
            realm.displayName = "Renamed elsewhere"
            try await first.updateRealm(realm)
            // Well before an entry lapses (5 s), the notification has dropped it.
            let deadline = ContinuousClock.now + .seconds(3)
            while true {
                let application = try await second.application(clientID: "client_1")
                let realm = try await second.realm(id: "rlm_1")
                if application?.displayName == "Changed elsewhere", realm?.displayName == "Renamed elsewhere" { break }
                try #require(ContinuousClock.now < deadline, "the other instance still serves the old rows")
                await Task.yield()
            }
        }
    }

    @Test func aReadThatRacedAChangeIsNotKept() {
        let cache = DirectoryCache()
        let generation = cache.generation
        cache.drop(.application("app_1"))
        // Read before the change committed, finished after: kept, it would be stale.
        cache.keep(Fixtures.application(), since: generation)
        #expect(cache.application(id: "app_1") == nil)
        #expect(cache.application(clientID: "client_1") == nil)

        cache.keep(Fixtures.application(), since: cache.generation)
        #expect(cache.application(clientID: "client_1") == Fixtures.application())
        cache.drop(.everything)
        #expect(cache.application(clientID: "client_1") == nil)
    }

    @Test func anEntryLapses() {
        let cache = DirectoryCache(lifetime: .zero)
        cache.keep(Fixtures.realm(), since: cache.generation)
        #expect(cache.realm(id: "rlm_1") == nil)
    }

    @Test func notificationPayloadsRoundTrip() {
        for change in [DirectoryCache.Change.realm("rlm_1"), .application("app_1"), .everything] {
            #expect(DirectoryCache.Change(payload: change.payload) == change)
        }
        #expect(DirectoryCache.Change(payload: "something new") == .everything)
    }
}
