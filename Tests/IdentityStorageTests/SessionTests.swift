import Foundation
import IdentityStorage
import IdentityStorageTestSupport
import Testing

/// Sessions and refresh-token rotation: one rotation per token, replays seen, ending a session
/// ends its tokens — on every engine.
@Suite struct SessionTests {
    /// A signed-in session with its first refresh token `rt-0`.
    private func seedSession(_ store: any IdentityStore) async throws {
        try await store.seedTreeWithCredential()
        try await store.completeAuthentication(now: Fixtures.at(10), code: Fixtures.code())
        let redeemed = try await store.redeemAuthorizationCode(
            hash: Fixtures.hash("code-1"), now: Fixtures.at(20),
            issuing: TokenIssuance(session: Fixtures.session(), refreshToken: Fixtures.refreshToken("rt-0"),
                                   accessTokens: [Fixtures.accessToken("jti_0", code: "code-1", session: "ses_1")]))
        guard case .redeemed = redeemed else { Issue.record("not redeemed: \(redeemed)"); return }
    }

    private func successor(_ n: Int) -> TokenIssuance {
        TokenIssuance(
            refreshToken: Fixtures.refreshToken("rt-\(n)", createdAt: Fixtures.at(100 + Double(n))),
            accessTokens: [IssuedTokenRecord(
                jti: "jti_r\(n)", grant: .refreshToken, codeHash: nil, sessionID: "ses_1", expiresAt: Fixtures.at(3600),
                revokedAt: nil)])
    }

    @Test(arguments: TestEngine.all)
    func anAccessTokenIsReadWithItsSessionsStandingAndItsSubject(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await seedSession(store)
            let fresh = try #require(try await store.issuedTokenStanding(jti: "jti_0", subject: "idn_1"))
            #expect(fresh.token == Fixtures.accessToken("jti_0", code: "code-1", session: "ses_1"))
            #expect(fresh.token.tokenHash == Fixtures.hash("header.jti_0.signature"), "the hash kept at issuance is read back")
            #expect(fresh.sessionStands == true)
            #expect(fresh.subject == Fixtures.identity())
            #expect(try await store.issuedTokenStanding(jti: "jti_0", subject: "idn_x")?.subject == nil)
            #expect(try await store.issuedTokenStanding(jti: "jti_x", subject: "idn_1") == nil)

            // A token of a client: no session to stand.
            try await store.recordIssuance(TokenIssuance(accessTokens: [IssuedTokenRecord(
                jti: "jti_cc", grant: .clientCredentials, codeHash: nil, sessionID: nil, expiresAt: Fixtures.at(3600),
                revokedAt: nil)]))
            #expect(try await store.issuedTokenStanding(jti: "jti_cc", subject: "client_1")?.sessionStands == nil)

            // The credential revoked, the user suspended, the session ended: each makes it fall.
            var suspended = Fixtures.identity()
            suspended.status = .suspended
            try await store.updateIdentity(suspended)
            #expect(try await store.issuedTokenStanding(jti: "jti_0", subject: "idn_1")?.sessionStands == false)
            try await store.updateIdentity(Fixtures.identity())
            #expect(try await store.issuedTokenStanding(jti: "jti_0", subject: "idn_1")?.sessionStands == true)
            #expect(try await store.revokeSession(id: "ses_1", at: Fixtures.at(30)))
            #expect(try await store.issuedTokenStanding(jti: "jti_0", subject: "idn_1")?.sessionStands == false)
        }
    }

    @Test(arguments: TestEngine.all)
    func anAccessTokenFallsWithItsCredential(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await seedSession(store)
            _ = try await store.revokeCredential(id: "crd_1", at: Fixtures.at(30))
            #expect(try await store.issuedTokenStanding(jti: "jti_0", subject: "idn_1")?.sessionStands == false)
        }
    }

    @Test(arguments: TestEngine.all)
    func concurrentRotationsOfOneTokenYieldExactlyOneSuccessor(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await seedSession(store)
            let results = try await withThrowingTaskGroup(of: (Int, RefreshRotation).self) { group in
                for n in 1...12 {
                    group.addTask {
                        (n, try await store.rotateRefreshToken(hash: Fixtures.hash("rt-0"), now: Fixtures.at(100), issuing: successor(n)))
                    }
                }
                return try await group.reduce(into: [(Int, RefreshRotation)]()) { $0.append($1) }
            }
            let winners = results.filter { $0.1 == .rotated }.map(\.0)
            #expect(winners.count == 1)
            #expect(results.filter { if case .alreadyUsed(let s) = $0.1 { s.id == "ses_1" } else { false } }.count == 11)
            for n in 1...12 {
                #expect((try await store.refreshToken(hash: Fixtures.hash("rt-\(n)")) != nil) == (winners == [n]))
                #expect((try await store.issuedToken(jti: "jti_r\(n)") != nil) == (winners == [n]))
            }
            let (old, session) = try #require(try await store.refreshToken(hash: Fixtures.hash("rt-0")))
            #expect(old.usedAt == Fixtures.at(100))
            #expect(session.lastRefreshedAt == Fixtures.at(100))
        }
    }

    @Test(arguments: TestEngine.all)
    func endingASessionRevokesItsAccessTokensAndStopsRotation(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await seedSession(store)
            #expect(try await store.rotateRefreshToken(hash: Fixtures.hash("rt-0"), now: Fixtures.at(100), issuing: successor(1)) == .rotated)
            #expect(try await store.revokeSession(id: "ses_1", at: Fixtures.at(200)))
            #expect(try await !store.revokeSession(id: "ses_1", at: Fixtures.at(300)))
            #expect(try await !store.revokeSession(id: "ses_x", at: Fixtures.at(300)))
            #expect(try await store.session(id: "ses_1")?.revokedAt == Fixtures.at(200))
            #expect(try await store.issuedToken(jti: "jti_0")?.revokedAt == Fixtures.at(200))
            #expect(try await store.issuedToken(jti: "jti_r1")?.revokedAt == Fixtures.at(200))
            // The current token of an ended session rotates no more, and nothing is written.
            #expect(try await store.rotateRefreshToken(hash: Fixtures.hash("rt-1"), now: Fixtures.at(300), issuing: successor(2)) == .notFound)
            #expect(try await store.refreshToken(hash: Fixtures.hash("rt-2")) == nil)
            #expect(try await store.issuedToken(jti: "jti_r2") == nil)
            #expect(try await store.rotateRefreshToken(hash: Fixtures.hash("nope"), now: Fixtures.at(300), issuing: successor(3)) == .notFound)
        }
    }

    @Test(arguments: TestEngine.all)
    func sessionsAreListedByIdentityAndGoWithTheirCredentialAndHousekeeping(engine: TestEngine) async throws {
        try await engine.withStore { store in
            try await seedSession(store)
            #expect(try await store.listSessions(identityID: "idn_1", PageRequest()).items.map(\.id) == ["ses_1"])
            #expect(try await store.listSessions(identityID: "idn_2", PageRequest()).items.isEmpty)
            // Housekeeping removes a session after its absolute end, with its refresh tokens.
            _ = try await store.deleteExpired(before: Fixtures.at(86_000))
            #expect(try await store.session(id: "ses_1") != nil, "a session before its absolute end stays")
            #expect(try await store.refreshToken(hash: Fixtures.hash("rt-0")) != nil, "and so do its refresh tokens")
            _ = try await store.deleteExpired(before: Fixtures.at(90_000))
            #expect(try await store.session(id: "ses_1") == nil)
            #expect(try await store.refreshToken(hash: Fixtures.hash("rt-0")) == nil)
        }
    }
}
