import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Synchronization
import Testing

/// Binding tokens, authentication transactions and authorization codes: used once, atomically.
@Suite struct SingleUseTests {
    struct IssueFailed: Error, Equatable {}

    @Test(arguments: TestEngine.all)
    func completeBindingIssuesStoresAndMarksTheJob(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createBindingJob(Fixtures.bindingJob())
            let seen = Mutex<BindingJobRecord?>(nil)
            let now = Fixtures.at(30)

            let bound = try await store.completeBinding(tokenHash: Fixtures.hash("token-1"), now: now) { job in
                seen.withLock { $0 = job }
                return Fixtures.credential("crd_new")
            }

            #expect(seen.withLock { $0 } == Fixtures.bindingJob())
            var expected = Fixtures.bindingJob()
            expected.status = .complete
            expected.completedAt = now
            expected.credentialID = "crd_new"
            #expect(bound.job == expected)
            #expect(bound.credential == Fixtures.credential("crd_new"))
            #expect(try await store.bindingJob(id: "bjb_1") == expected)
            #expect(try await store.bindingJob(tokenHash: Fixtures.hash("token-1")) == expected)
            #expect(try await store.credential(id: "crd_new") == Fixtures.credential("crd_new"))
        }
    }

    /// A change and its audit event commit together or not at all (issue 14 #14): an audit
    /// event that cannot be written leaves the token unused and the code unwritten.
    @Test(arguments: TestEngine.all)
    func aChangeWhoseAuditFailsIsNotMade(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            let taken = AuditEventRecord(
                id: "evt_taken", occurredAt: Fixtures.at(1), type: "x", tenantID: nil, realmID: nil, subjectID: nil, detailJSON: "{}")
            try await store.appendAuditEvent(taken)
            try await store.createBindingJob(Fixtures.bindingJob("bjb_1", token: "token-1"))
            await #expect(throws: StorageError.alreadyExists) {
                _ = try await store.completeBinding(tokenHash: Fixtures.hash("token-1"), now: Fixtures.at(30), audited: { _, _ in
                    (Fixtures.credential("crd_new"), [taken])
                })
            }
            #expect(try await store.bindingJob(id: "bjb_1")?.status == .pending)
            #expect(try await store.credential(id: "crd_new") == nil)
            await #expect(throws: StorageError.alreadyExists) {
                try await store.completeAuthentication(now: Fixtures.at(20), code: Fixtures.code(), audit: taken)
            }
            #expect(try await store.authorizationCodeWithStanding(hash: Fixtures.hash("code-1")) == nil)
            #expect(try await store.credential(id: "crd_1")?.lastUsedAt == nil)
            // Nothing of the failed completion stands in the transaction's way.
            try await store.completeAuthentication(now: Fixtures.at(21), code: Fixtures.code())
        }
    }

    @Test(arguments: TestEngine.all)
    func completeBindingRefusesUnknownExpiredAndUsedTokens(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createBindingJob(Fixtures.bindingJob("bjb_1", token: "live", expiresAt: Fixtures.at(600)))
            try await store.createBindingJob(Fixtures.bindingJob("bjb_2", token: "old", expiresAt: Fixtures.at(30)))
            let issue: @Sendable (BindingJobRecord) async throws -> CredentialRecord = { job in
                Fixtures.credential("crd_\(job.id)")
            }

            await #expect(throws: StorageError.notFound) {
                _ = try await store.completeBinding(tokenHash: Fixtures.hash("unknown"), now: Fixtures.at(1), issue: issue)
            }
            // Expired: `expiresAt` must be after `now`, so the very instant of expiry is too late.
            await #expect(throws: StorageError.notFound) {
                _ = try await store.completeBinding(tokenHash: Fixtures.hash("old"), now: Fixtures.at(30), issue: issue)
            }
            #expect(try await store.bindingJob(id: "bjb_2")?.status == .pending)

            _ = try await store.completeBinding(tokenHash: Fixtures.hash("live"), now: Fixtures.at(1), issue: issue)
            await #expect(throws: StorageError.notFound) {
                _ = try await store.completeBinding(tokenHash: Fixtures.hash("live"), now: Fixtures.at(2), issue: issue)
            }
            #expect(try await store.listCredentials(identityID: "idn_1", PageRequest()).items.map(\.id) == ["crd_bjb_1"])
        }
    }

    @Test(arguments: TestEngine.all)
    func completeBindingWritesNothingWhenIssueThrows(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createBindingJob(Fixtures.bindingJob())
            await #expect(throws: IssueFailed()) {
                _ = try await store.completeBinding(tokenHash: Fixtures.hash("token-1"), now: Fixtures.at(1)) { _ in
                    throw IssueFailed()
                }
            }
            #expect(try await store.bindingJob(id: "bjb_1") == Fixtures.bindingJob())
            #expect(try await store.listCredentials(identityID: "idn_1", PageRequest()).items.isEmpty)

            // A credential that cannot be inserted (its id is taken) also rolls the claim back.
            try await store.createBindingJob(Fixtures.bindingJob("bjb_2", token: "token-2"))
            _ = try await store.completeBinding(tokenHash: Fixtures.hash("token-2"), now: Fixtures.at(1)) { _ in
                Fixtures.credential("crd_taken")
            }
            await #expect(throws: StorageError.alreadyExists) {
                _ = try await store.completeBinding(tokenHash: Fixtures.hash("token-1"), now: Fixtures.at(2)) { _ in
                    Fixtures.credential("crd_taken")
                }
            }
            #expect(try await store.bindingJob(id: "bjb_1")?.status == .pending)

            // The token still works afterwards.
            let bound = try await store.completeBinding(tokenHash: Fixtures.hash("token-1"), now: Fixtures.at(3)) { _ in
                Fixtures.credential("crd_ok")
            }
            #expect(bound.job.credentialID == "crd_ok")
        }
    }

    @Test(arguments: TestEngine.all)
    func concurrentCompleteBindingsWithOneTokenSucceedOnce(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTree()
            try await store.createBindingJob(Fixtures.bindingJob())
            let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
                for n in 0..<8 {
                    group.addTask {
                        do {
                            let bound = try await store.completeBinding(
                                tokenHash: Fixtures.hash("token-1"), now: Fixtures.at(5)
                            ) { _ in
                                try await Task.sleep(for: .milliseconds(20))  // widen the race window
                                return Fixtures.credential("crd_\(n)")
                            }
                            return bound.credential.id
                        } catch let error as StorageError where error == .notFound {
                            return "notFound"
                        }
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            let winners = outcomes.filter { $0 != "notFound" }
            #expect(winners.count == 1)
            #expect(outcomes.count == 8)
            let credentials = try await store.listCredentials(identityID: "idn_1", PageRequest()).items
            #expect(credentials.map(\.id) == winners)
            #expect(try await store.bindingJob(id: "bjb_1")?.credentialID == winners.first)
        }
    }

    @Test(arguments: TestEngine.all)
    func completeAuthenticationStoresTheCodeOncePerTransactionAndMarksTheCredential(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.completeAuthentication(now: Fixtures.at(20), code: Fixtures.code())
            #expect(try await store.credential(id: "crd_1")?.lastUsedAt == Fixtures.at(20))

            // The same transaction again: refused, and the second code is not written.
            await #expect(throws: StorageError.alreadyExists) {
                try await store.completeAuthentication(now: Fixtures.at(21), code: Fixtures.code("code-2"))
            }
            #expect(try await store.redeemAuthorizationCode(hash: Fixtures.hash("code-2"), now: Fixtures.at(22)) == .notFound)
            #expect(try await store.credential(id: "crd_1")?.lastUsedAt == Fixtures.at(20))
            // Another transaction earns its own code.
            try await store.completeAuthentication(now: Fixtures.at(23), code: Fixtures.code("code-3", transaction: "ref-3"))

            var redeemed = Fixtures.code()
            redeemed.usedAt = Fixtures.at(22)
            #expect(try await store.redeemAuthorizationCode(hash: Fixtures.hash("code-1"), now: Fixtures.at(22)) == .redeemed(redeemed))
        }
    }

    @Test(arguments: TestEngine.all)
    func concurrentCompletionsOfOneTransactionIssueOneCode(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for attempt in 0..<8 {
                    group.addTask {
                        do {
                            try await store.completeAuthentication(now: Fixtures.at(20), code: Fixtures.code("code-\(attempt)"))
                            return true
                        } catch let error as StorageError where error == .alreadyExists {
                            return false
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 }.count == 1)
        }
    }

    @Test(arguments: TestEngine.all)
    func codesRedeemOnceThenReportTheFirstUse(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.completeAuthentication(now: Fixtures.at(10), code: Fixtures.code())

            var used = Fixtures.code()
            used.usedAt = Fixtures.at(11)
            #expect(try await store.redeemAuthorizationCode(hash: Fixtures.hash("code-1"), now: Fixtures.at(11)) == .redeemed(used))
            #expect(try await store.redeemAuthorizationCode(hash: Fixtures.hash("code-1"), now: Fixtures.at(12)) == .alreadyUsed(used))
            #expect(try await store.redeemAuthorizationCode(hash: Fixtures.hash("nope"), now: Fixtures.at(12)) == .notFound)
        }
    }

    @Test(arguments: TestEngine.all)
    func codesAreReadWithTheStandingOfTheirCredential(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.completeAuthentication(now: Fixtures.at(10), code: Fixtures.code())
            let fresh = try #require(try await store.authorizationCodeWithStanding(hash: Fixtures.hash("code-1")))
            #expect(fresh.code == Fixtures.code())
            #expect(fresh.standing == CredentialStanding(credentialState: .active, identityStatus: .active))
            #expect(fresh.certificateDER == Fixtures.credential().certificateDER, "the key a DPoP proof may be made with")

            var identity = Fixtures.identity()
            identity.status = .deleted
            try await store.updateIdentity(identity)
            _ = try await store.revokeCredential(id: "crd_1", at: Fixtures.at(11))
            let later = try #require(try await store.authorizationCodeWithStanding(hash: Fixtures.hash("code-1")))
            #expect(later.standing == CredentialStanding(credentialState: .revoked, identityStatus: .deleted))
            #expect(later.certificateDER == Fixtures.credential().certificateDER)

            // A code earned without a credential (an email code) has no certificate.
            var emailed = Fixtures.code("code-2", transaction: "ref-2")
            emailed.credentialID = nil
            try await store.completeAuthentication(now: Fixtures.at(12), code: emailed)
            #expect(try await store.authorizationCodeWithStanding(hash: Fixtures.hash("code-2")).map { $0.certificateDER == nil } == true)
        }
    }

    @Test(arguments: TestEngine.all)
    func concurrentRedeemsOfOneCodeRedeemOnce(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            try await store.completeAuthentication(now: Fixtures.at(10), code: Fixtures.code())

            #expect(try await store.authorizationCodeWithStanding(hash: Fixtures.hash("code-1"))?.code.usedAt == nil)

            // Each redeemer brings the token it signed; only the winner's is recorded, with the code's use.
            let results = try await withThrowingTaskGroup(of: (Int, CodeRedemption).self) { group in
                for n in 0..<16 {
                    group.addTask {
                        let issuance = TokenIssuance(
                            session: Fixtures.session("ses_\(n)"), refreshToken: Fixtures.refreshToken("rt_\(n)", session: "ses_\(n)"),
                            accessTokens: [Fixtures.accessToken("jti_\(n)", code: "code-1", session: "ses_\(n)")])
                        return (n, try await store.redeemAuthorizationCode(
                            hash: Fixtures.hash("code-1"), now: Fixtures.at(20 + Double(n)), issuing: issuance))
                    }
                }
                return try await group.reduce(into: [(Int, CodeRedemption)]()) { $0.append($1) }
            }
            let winners = results.filter { if case .redeemed = $0.1 { true } else { false } }.map(\.0)
            let replays = results.compactMap { if case .alreadyUsed(let code) = $0.1 { code } else { nil } }
            #expect(winners.count == 1)
            #expect(replays.count == 15)
            #expect(Set(replays.map(\.usedAt)) == [try await store.authorizationCodeWithStanding(hash: Fixtures.hash("code-1"))?.code.usedAt])
            for n in 0..<16 {
                #expect((try await store.issuedToken(jti: "jti_\(n)") != nil) == (winners == [n]))
                #expect((try await store.session(id: "ses_\(n)") != nil) == (winners == [n]))
                #expect((try await store.refreshToken(hash: Fixtures.hash("rt_\(n)")) != nil) == (winners == [n]))
            }
            // A replay seen now finds the winner's token, and ends the session it opened.
            #expect(try await store.revokeTokens(issuedFromCode: Fixtures.hash("code-1"), at: Fixtures.at(40)) == 1)
            #expect(try await store.session(id: "ses_\(winners[0])")?.revokedAt == Fixtures.at(40))
        }
    }

    /// A replayed code revokes the session its redemption opened and every token issued in it,
    /// refreshed ones too; nothing of another code's.
    @Test(arguments: TestEngine.all)
    func revokeTokensRevokesEveryTokenOfTheCodesSessionOnce(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await store.seedTreeWithCredential()
            for code in ["a", "b", "unredeemed"] {
                try await store.completeAuthentication(now: Fixtures.at(10), code: Fixtures.code(code, transaction: "ref-\(code)"))
            }
            for (code, jti) in [("a", "jti_1"), ("b", "jti_4")] {
                let issuance = TokenIssuance(
                    session: Fixtures.session("ses_\(code)", code: code),
                    accessTokens: [Fixtures.accessToken(jti, code: code, session: "ses_\(code)")])
                guard case .redeemed(let redeemed) = try await store.redeemAuthorizationCode(
                    hash: Fixtures.hash(code), now: Fixtures.at(20), issuing: issuance)
                else { Issue.record("code \(code) was not redeemed"); return }
                #expect(redeemed.sessionID == "ses_\(code)")
            }
            // Refreshed in the session: tokens without the code's hash, revoked with it all the same.
            try await store.recordIssuance(TokenIssuance(accessTokens: [
                IssuedTokenRecord(jti: "jti_2", grant: .refreshToken, codeHash: nil, sessionID: "ses_a", expiresAt: Fixtures.at(3600), revokedAt: nil),
                IssuedTokenRecord(jti: "jti_3", grant: .refreshToken, codeHash: nil, sessionID: "ses_a", expiresAt: Fixtures.at(3600), revokedAt: nil),
            ]))
            await #expect(throws: StorageError.alreadyExists) {
                try await store.recordIssuedToken(Fixtures.accessToken("jti_1", code: "c", expiresAt: Fixtures.at(1)))
            }
            #expect(try await store.revokeTokens(issuedFromCode: Fixtures.hash("a"), at: Fixtures.at(50)) == 3)
            #expect(try await store.revokeTokens(issuedFromCode: Fixtures.hash("a"), at: Fixtures.at(60)) == 0)
            #expect(try await store.session(id: "ses_a")?.revokedAt == Fixtures.at(50))
            #expect(try await store.issuedToken(jti: "jti_2")?.revokedAt == Fixtures.at(50))
            #expect(try await store.issuedToken(jti: "jti_4") == Fixtures.accessToken("jti_4", code: "b", session: "ses_b"))
            #expect(try await store.session(id: "ses_b")?.revokedAt == nil)
            #expect(try await store.issuedToken(jti: "jti_x") == nil)
            #expect(try await store.revokeTokens(issuedFromCode: Fixtures.hash("none"), at: Fixtures.at(1)) == 0)
            #expect(try await store.revokeTokens(issuedFromCode: Fixtures.hash("unredeemed"), at: Fixtures.at(1)) == 0)

            // One token by its id, once.
            #expect(try await store.revokeIssuedToken(jti: "jti_4", at: Fixtures.at(70)))
            #expect(try await !store.revokeIssuedToken(jti: "jti_4", at: Fixtures.at(80)))
            #expect(try await store.issuedToken(jti: "jti_4")?.revokedAt == Fixtures.at(70))
            #expect(try await !store.revokeIssuedToken(jti: "jti_x", at: Fixtures.at(70)))
        }
    }

    /// A DPoP proof id is accepted once per key, on every instance, until it expires and is purged.
    @Test(arguments: TestEngine.all)
    func aDPoPProofIsAcceptedOncePerKey(engine: TestEngine) async throws {
        try await engine.withTwoStores { first, second in
            try await first.migrate()
            try await second.migrate()
            func use(_ store: SQLIdentityStore, _ key: String, _ jti: String, until: Date = Fixtures.at(300)) async throws -> DPoPProofUse {
                try await store.useDPoPProof(keyThumbprint: key, jti: jti, expiresAt: until, counting: nil)
            }
            #expect(try await use(first, "jkt-a", "p-1") == .accepted)
            #expect(try await use(second, "jkt-a", "p-1") == .replayed)
            #expect(try await use(second, "jkt-b", "p-1") == .accepted, "another key's id")
            #expect(try await first.deleteExpired(before: Fixtures.at(301), limit: 10) == 2)
            #expect(try await use(first, "jkt-a", "p-1", until: Fixtures.at(900)) == .accepted, "purged: its proof's iat is long out of the window")
        }
    }

    /// An attempt counted with the proof: a refused one spends no proof (the same proof is
    /// accepted once the limit allows it), and a replay is still counted.
    @Test(arguments: TestEngine.all)
    func aDPoPProofCountedAgainstALimitIsSpentOnlyWhenTheLimitHolds(engine: TestEngine) async throws {
        try await engine.withStore { store async throws in
            let bucket = AttemptBucket(name: "dpop:all", limit: 2)
            func use(_ jti: String, window: Date = Fixtures.at(60)) async throws -> DPoPProofUse {
                let attempt = AttemptCount(buckets: [bucket], windowStart: window, expiresAt: window.addingTimeInterval(120))
                return try await store.useDPoPProof(keyThumbprint: "jkt", jti: jti, expiresAt: Fixtures.at(600), counting: attempt)
            }
            #expect(try await use("p-1") == .accepted)
            #expect(try await use("p-1") == .replayed)
            #expect(try await use("p-2") == .limited(bucket))
            #expect(try await use("p-2", window: Fixtures.at(120)) == .accepted, "refused before: not spent")
        }
    }
}
