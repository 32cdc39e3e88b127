import Foundation
@testable import IdentityStorage
import IdentityStorageTestSupport
import TestProcessSupport
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
            try await eventually(within: .seconds(3), every: .milliseconds(5), "the other instance serving the new rows") {
                let application = try await second.application(clientID: "client_1")
                let realm = try await second.realm(id: "rlm_1")
                return application?.displayName == "Changed elsewhere" && realm?.displayName == "Renamed elsewhere" ? () : nil
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

    /// An application and the client id that finds it are kept and forgotten together (issue
    /// 32): reading an application by id keeps its client id too, and no client id outlives its
    /// application (dropped, lapsed or evicted), so the index never holds more than the cache.
    @Test func theClientIDIndexGoesWithItsApplication() {
        let cache = DirectoryCache()
        let capacity = DirectoryCache.capacity
        let application = { (n: Int) in Fixtures.application("app_\(n)", clientID: "client_\(n)") }
        for n in 0..<capacity { cache.keep(application(n), since: cache.generation) }
        // Read by id only, app_0 is used most recently; app_1 is now the least.
        #expect(cache.application(id: "app_0") == application(0))
        cache.keep(application(capacity), since: cache.generation)
        #expect(cache.application(id: "app_1") == nil, "evicted")
        #expect(cache.application(clientID: "client_0") == application(0), "kept with its application")
        #expect(cache.sizes == (capacity, capacity))

        cache.drop(.application("app_0"))
        #expect(cache.application(clientID: "client_0") == nil)
        #expect(cache.sizes == (capacity - 1, capacity - 1))

        // A lapsed entry goes with its client id.
        let lapsing = DirectoryCache(lifetime: .zero)
        lapsing.keep(application(1), since: lapsing.generation)
        #expect(lapsing.application(id: "app_1") == nil)
        #expect(lapsing.sizes == (0, 0))

        // An application whose client id changed is found by the new one only.
        var changed = application(2)
        changed.clientID = "client_2b"
        cache.keep(changed, since: cache.generation)
        #expect(cache.application(clientID: "client_2") == nil)
        #expect(cache.application(clientID: "client_2b") == changed)
        #expect(cache.sizes == (capacity - 1, capacity - 1))
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
