import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// Extension sessions (compare-and-set on the version) and rate-limit windows, on every engine.
@Suite struct ExtensionSessionTests {
    @Test(arguments: TestEngine.all)
    func sessionsRoundTripAndAreFoundByCode(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            let session = Fixtures.extensionSession()
            try await store.createExtensionSession(session)
            #expect(try await store.extensionSession(id: "ext_1") == session)
            #expect(try await store.extensionSession(codeHash: Fixtures.hash("123456789")) == session)
            #expect(try await store.extensionSession(codeHash: Fixtures.hash("000000000")) == nil)
            // Codes are unique among stored sessions.
            await #expect(throws: StorageError.alreadyExists) {
                try await store.createExtensionSession(Fixtures.extensionSession("ext_2"))
            }
            try await store.touchExtensionSession(id: "ext_1", at: Fixtures.at(20))
            #expect(try await store.extensionSession(id: "ext_1")?.holderSeenAt == Fixtures.at(20))
            #expect(try await store.extensionSession(id: "ext_1")?.version == 1)
        }
    }

    @Test(arguments: TestEngine.all)
    func anUpdateWinsOnlyAgainstTheVersionItRead(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.createExtensionSession(Fixtures.extensionSession())
            var claimed = Fixtures.extensionSession()
            claimed.state = .claimed
            claimed.version = 2
            claimed.claim = ExtensionClaimRecord(
                secretHash: Fixtures.hash("claim"), deviceName: "Laptop", credentialID: "crd_2",
                draftCertificateDER: Data([0x30, 0x03]), claimedAt: Fixtures.at(5), issuedChain: nil)
            try await store.updateExtensionSession(claimed, expectedVersion: 1, inserting: nil)
            #expect(try await store.extensionSession(id: "ext_1") == claimed)

            // A second writer that read version 1 loses, and writes nothing.
            var cancelled = Fixtures.extensionSession()
            cancelled.state = .cancelled
            cancelled.version = 2
            await #expect(throws: StorageError.notFound) {
                try await store.updateExtensionSession(cancelled, expectedVersion: 1, inserting: nil)
            }

            // Completing inserts the new credential in the same transaction.
            var complete = claimed
            complete.state = .complete
            complete.version = 3
            complete.claim?.issuedChain = ["leaf", "parent", "root"]
            try await store.updateExtensionSession(
                complete, expectedVersion: 2, inserting: Fixtures.credential("crd_2"))
            #expect(try await store.extensionSession(id: "ext_1") == complete)
            #expect(try await store.credential(id: "crd_2") != nil)

            // A failed insert rolls the session update back.
            var again = complete
            again.version = 4
            again.failure = "x"
            await #expect(throws: StorageError.alreadyExists) {
                try await store.updateExtensionSession(again, expectedVersion: 3, inserting: Fixtures.credential("crd_2"))
            }
            #expect(try await store.extensionSession(id: "ext_1")?.version == 3)
        }
    }

    @Test(arguments: TestEngine.all)
    func liveSessionsAreTheOpenAndClaimedOnesOfTheCredential(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            for (id, code, state) in [("ext_1", "1", ExtensionSessionRecord.State.open), ("ext_2", "2", .claimed), ("ext_3", "3", .cancelled)] {
                var session = Fixtures.extensionSession(id, code: code)
                session.state = state
                try await store.createExtensionSession(session)
            }
            let live = try await store.liveExtensionSessions(credentialID: "crd_1")
            #expect(live.map(\.id).sorted() == ["ext_1", "ext_2"])
            #expect(try await store.liveExtensionSessions(credentialID: "crd_x").isEmpty)
        }
    }

    /// Buckets are counted in order, up to the first one over its limit; later ones are not
    /// counted then (one network's refused attempts spend nobody else's budget).
    @Test(arguments: TestEngine.all)
    func attemptsAreCountedPerBucketAndWindowThenExpire(engine: TestEngine) async throws {
        try await engine.withStore { store in
            let window = Fixtures.at(60)
            let (one, two, all) = (AttemptBucket(name: "addr:1", limit: 2), AttemptBucket(name: "addr:2", limit: 2), AttemptBucket(name: "all", limit: 3))
            func attempt(_ buckets: [AttemptBucket], at start: Date = window) async throws -> AttemptBucket? {
                try await store.recordAttempt(AttemptCount(buckets: buckets, windowStart: start, expiresAt: start.addingTimeInterval(120)))
            }
            let refusals = [
                try await attempt([one, all]), try await attempt([one, all]), try await attempt([one, all]),
                try await attempt([two, all]), try await attempt([two, all]), try await attempt([all], at: Fixtures.at(120)),
            ]
            // addr:1's third attempt is refused before `all` counts it: `all` refuses only the fifth attempt overall.
            #expect(refusals == [nil, nil, one, nil, all, nil])
            #expect(try await store.deleteExpired(before: Fixtures.at(200)) == 3)
        }
    }

    /// What another store on the same database hears: PostgreSQL notifies on commit only (so a
    /// lost compare-and-set sends nothing); SQLite, used by one server, has nothing to relay.
    /// Session ids are unique, as real ones are: the channel is shared by every schema of the
    /// database, so tests running alongside are heard too, and skipped.
    @Test(arguments: TestEngine.all)
    func committedUpdatesReachListenersOnOtherConnections(engine: TestEngine) async throws {
        try await engine.withTwoStores { writer, listener in
            try await writer.migrate()
            try await writer.seedTreeWithCredential()
            let (lostID, wonID) = (UUID().uuidString, UUID().uuidString)
            for (id, code) in [(lostID, "111111111"), (wonID, "222222222")] {
                try await writer.createExtensionSession(Fixtures.extensionSession(id, code: code))
            }
            let changes = await listener.extensionSessionChanges()

            var lost = Fixtures.extensionSession(lostID, code: "111111111")
            lost.version = 3
            await #expect(throws: StorageError.notFound) {
                try await writer.updateExtensionSession(lost, expectedVersion: 2, inserting: nil)
            }
            var won = Fixtures.extensionSession(wonID, code: "222222222")
            won.version = 2
            try await writer.updateExtensionSession(won, expectedVersion: 1, inserting: nil)

            let heard = try await Self.first(of: changes, among: [lostID, wonID], within: .seconds(10))
            #expect(heard == (engine == .postgres ? wonID : nil))
        }
    }

    /// The first element of `stream` in `wanted`, or `nil` when it finishes first; fails after `limit`.
    private static func first(
        of stream: AsyncStream<String>, among wanted: Set<String>, within limit: Duration
    ) async throws -> String? {
        try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask { await stream.first { wanted.contains($0) } }
            group.addTask {
                try await Task.sleep(for: limit)
                throw TimedOut()
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    private struct TimedOut: Error {}
}
