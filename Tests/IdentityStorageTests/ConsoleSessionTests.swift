import Foundation
import IdentityStorage
import Testing

/// The console's sessions: found by their secret's hash only, touched, ended, purged at their
/// absolute end.
@Suite struct ConsoleSessionTests {
    private func session(_ id: String, expiresAt: Date = Fixtures.at(3600)) -> ConsoleSessionRecord {
        ConsoleSessionRecord(
            id: id, secretHash: Fixtures.hash(id), adminTokenID: "tok_\(id)", createdAt: Fixtures.t0, lastSeenAt: Fixtures.t0,
            expiresAt: expiresAt)
    }

    @Test(arguments: TestEngine.all)
    func aSessionIsFoundByItsSecretsHashTouchedAndEnded(engine: TestEngine) async throws {
        try await engine.withStore { store in
            let (one, two) = (session("cs_1"), session("cs_2"))
            try await store.createConsoleSession(one)
            try await store.createConsoleSession(two)
            #expect(try await store.consoleSession(secretHash: Fixtures.hash("cs_1")) == one)
            #expect(try await store.consoleSession(secretHash: Fixtures.hash("cs_3")) == nil)

            try await store.touchConsoleSession(id: "cs_1", at: Fixtures.at(90))
            #expect(try await store.consoleSession(secretHash: one.secretHash)?.lastSeenAt == Fixtures.at(90))
            #expect(try await store.consoleSession(secretHash: two.secretHash)?.lastSeenAt == Fixtures.t0, "only that session")

            try await store.deleteConsoleSession(id: "cs_1")
            try await store.deleteConsoleSession(id: "cs_1")
            #expect(try await store.consoleSession(secretHash: one.secretHash) == nil)
            #expect(try await store.consoleSession(secretHash: two.secretHash) == two)
        }
    }

    @Test(arguments: TestEngine.all)
    func twoSessionsCannotShareASecret(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.createConsoleSession(session("cs_1"))
            var clash = session("cs_2")
            clash.secretHash = Fixtures.hash("cs_1")
            await #expect(throws: StorageError.alreadyExists) { try await store.createConsoleSession(clash) }
        }
    }

    @Test(arguments: TestEngine.all)
    func housekeepingPurgesSessionsPastTheirAbsoluteEnd(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.createConsoleSession(session("cs_old", expiresAt: Fixtures.at(100)))
            try await store.createConsoleSession(session("cs_new", expiresAt: Fixtures.at(1000)))
            #expect(try await store.deleteExpired(before: Fixtures.at(500), limit: 100) == 1)
            #expect(try await store.consoleSession(secretHash: Fixtures.hash("cs_old")) == nil)
            #expect(try await store.consoleSession(secretHash: Fixtures.hash("cs_new")) != nil)
        }
    }
}
