@testable import BeyondIdentityEmbedded
import Foundation
import Synchronization
import Testing

/// What ``RefreshFlights`` remembers of rotations, and for how long.
@Suite struct RefreshFlightsTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    /// Tokens whose refresh token is `refresh`, with an access token valid for 300 s.
    func tokens(_ refresh: String) -> TokenResponse {
        TokenResponse(accessToken: AccessToken(value: "at-\(refresh)", type: "Bearer", expiresIn: 300), idToken: "id", refreshToken: refresh)
    }

    /// A server stand-in that rotates each refresh token to `next` and counts the requests.
    final class Rotations: Sendable {
        let count = Mutex(0)

        func rotate(to next: String) -> @Sendable () async throws -> TokenResponse {
            { [self] in
                count.withLock { $0 += 1 }
                return TokenResponse(accessToken: AccessToken(value: "at-\(next)", type: "Bearer", expiresIn: 300), idToken: "id", refreshToken: next)
            }
        }
    }

    @Test func aSpentTokenLeadsToTheNewestTokensOfItsChain() async throws {
        let flights = RefreshFlights()
        let server = Rotations()
        #expect(try await flights.refresh("A", now: t0, with: server.rotate(to: "B")) == tokens("B"))
        #expect(try await flights.refresh("B", now: t0, with: server.rotate(to: "C")) == tokens("C"))
        // A late caller holding A gets C (not B, which is spent too), without asking the server.
        #expect(try await flights.refresh("A", now: t0, with: server.rotate(to: "X")) == tokens("C"))
        #expect(server.count.withLock { $0 } == 2)
    }

    @Test func aRotationIsForgottenWhenItsAccessTokenExpiresOrTheSessionEnds() async throws {
        let flights = RefreshFlights()
        let server = Rotations()
        _ = try await flights.refresh("A", now: t0, with: server.rotate(to: "B"))
        #expect(try await flights.refresh("A", now: t0.addingTimeInterval(299), with: server.rotate(to: "X")) == tokens("B"))
        // Expired: the server decides (and would detect the reuse).
        #expect(try await flights.refresh("A", now: t0.addingTimeInterval(301), with: server.rotate(to: "X")) == tokens("X"))

        _ = try await flights.refresh("P", now: t0, with: server.rotate(to: "Q"))
        await flights.forget("Q")
        #expect(try await flights.refresh("P", now: t0, with: server.rotate(to: "Y")) == tokens("Y"))
        #expect(server.count.withLock { $0 } == 4)
    }

    @Test func aFailedRefreshIsNotRemembered() async throws {
        let flights = RefreshFlights()
        await #expect(throws: BISDKError.sessionEnded(nil)) {
            try await flights.refresh("A", now: t0) { throw BISDKError.sessionEnded(nil) }
        }
        #expect(try await flights.refresh("A", now: t0, with: Rotations().rotate(to: "B")) == tokens("B"))
    }
}
