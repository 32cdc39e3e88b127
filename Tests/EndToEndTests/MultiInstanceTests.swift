import Foundation
import IdentityProtocol
import ServerTestSupport
import Synchronization
import Testing
import TestProcessSupport

extension SeveralInstancesTests {
    /// Three `bi-server` instances on one PostgreSQL behind HAProxy (no sticky sessions), under the
    /// mixed load of ``MixedLoad``: one instance is killed with SIGKILL a third of the way in and
    /// started again at two thirds; or each is upgraded in turn (stopped with SIGTERM and started
    /// again). Afterwards, read through each instance: every acknowledged write is there, every
    /// refresh token a client holds works once (and its replay is refused), no code is redeemed
    /// twice, every webhook event of the audit log arrived, every enrollment email was sent, the
    /// JWKS is the same everywhere; the only failures were requests in flight at the kill, ended at
    /// once with a clean error (the balancer's 5xx, or the connection closed without an answer),
    /// and an upgrade failed none.
    @Suite(.enabled(if: TestDatabase.url != nil, "BI_TEST_DATABASE_URL is not set"))
    struct MultiInstanceTests {
        @Test(.timeLimit(.minutes(10))) func anInstanceKilledMidLoadLosesNothingAcknowledged() async throws {
            try await MixedLoad.with { load in
                let log = load.log
                let chaos = Task {
                    try await log.reached(1 / 3)
                    log.killing()
                    await load.servers.kill(1)
                    log.killed()
                    try await log.reached(2 / 3)
                    try await load.servers.restart(1)
                }
                let started = ContinuousClock.now
                let acknowledged = try await load.run()
                try await chaos.value
                let seconds = (ContinuousClock.now - started) / .seconds(1)

                // Every failure was a request in flight at the kill, answered by the balancer.
                let (killStart, killEnd) = try #require(log.killWindow)
                let failures = log.attempts.filter { $0.failed }
                // The balancer's lines of requests that did not end normally (termination state other than ----).
                let unusual = load.servers.balancerLog().split(separator: "\n").filter { !$0.contains(" ---- ") }.joined(separator: "\n")
                for failure in failures {
                    #expect(failure.sent <= killEnd && failure.answered >= killStart, "\(failure) was not in flight at the kill")
                    // A clean error, at once: the balancer's 5xx, or the connection closed without an
                    // answer (what HTTP gives a request whose server died under it); never a hang.
                    #expect(
                        failure.status.map { [502, 503, 504].contains($0) } ?? (failure.error?.contains("remoteConnectionClosed") == true),
                        "\(failure); the balancer's log:\n\(unusual)")
                    #expect(failure.answered.timeIntervalSince(killEnd) < 30, "\(failure) hung")
                }
                try await load.checkNothingLost(acknowledged)
                // How long after the kill the balancer still let a request fail.
                let rerouted = failures.map { $0.answered.timeIntervalSince(killStart) }.max() ?? 0
                print("""
                    multi-instance: \(MixedLoad.summary(acknowledged)) in \(String(format: "%.1f", seconds)) s through HAProxy over 3 \
                    instances, one killed; \(failures.count) of \(log.attempts.count) requests failed, all in flight at the kill, \
                    the last answered \(String(format: "%.3f", rerouted)) s after it
                    """)
            }
        }

        /// A rolling upgrade: each instance in turn is stopped with SIGTERM while the load runs and
        /// started again, as docs/operating.md says: a shutdown delay longer than the balancer takes
        /// to see `/readyz` fail (two checks 500 ms apart), requests in flight drained, a connection
        /// refused sent to another instance. Not one request fails.
        @Test(.timeLimit(.minutes(10))) func instancesUpgradedOneAtATimeFailNoRequest() async throws {
            try await MixedLoad.with(environment: ["BI_CONNECTIONS_SHUTDOWN_DELAY=3s"]) { load in
                let log = load.log
                let upgrades = Task {
                    for index in 0..<3 {
                        try await log.reached(Double(index + 1) / 4)
                        try await load.servers.upgrade(index)
                    }
                }
                let started = ContinuousClock.now
                let acknowledged = try await load.run()
                try await upgrades.value
                let seconds = (ContinuousClock.now - started) / .seconds(1)
                let failures = log.attempts.filter { $0.failed }
                let unusual = load.servers.balancerLog().split(separator: "\n").filter { !$0.contains(" ---- ") }.joined(separator: "\n")
                #expect(failures.isEmpty, "\(failures); the balancer's log:\n\(unusual)")
                try await load.checkNothingLost(acknowledged)
                print("""
                    multi-instance: \(MixedLoad.summary(acknowledged)) in \(String(format: "%.1f", seconds)) s through HAProxy over 3 \
                    instances, each upgraded in turn; \(failures.count) of \(log.attempts.count) requests failed
                    """)
            }
        }

        /// A limit counts the same whether its requests land on one instance or three: the account
        /// page's sign-ins (30 a minute per network), sent through the balancer round-robin, pass
        /// exactly 30 times in a minute and are refused the rest with `429`. The counters are rows of
        /// the database every instance writes (a window that began mid-run is tried again).
        @Test(.timeLimit(.minutes(10))) func aLimitCountsAcrossInstances() async throws {
            try await BalancedServers.with(instances: 3) { servers in
                let realm = try await TestRealm.create(on: servers)
                let client = servers.client()
                let signIn = String((realm.confidential.issuer + "/account/passkey").dropFirst(servers.baseURL.count))
                let limit = 30, extra = 6
                var statuses: [Int] = []
                for _ in 0..<3 {
                    let minute = Int(Date().timeIntervalSince1970 / 60)
                    statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                        for attempt in 0..<(limit + extra) {
                            group.addTask {
                                let credential: [String: Any] = [
                                    "id": "AQID", "rawId": "AQID", "type": "public-key",
                                    "response": ["clientDataJSON": "e30", "authenticatorData": "AA", "signature": "AA"],
                                ]
                                return try await client.send(
                                    "POST", signIn, json: ["ceremony": "not-sealed-\(attempt)", "credential": credential],
                                    headers: ["Origin": servers.baseURL]).status
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                    let end = Int(Date().timeIntervalSince1970 / 60)
                    if end == minute { break }
                    // A window began while they were sent: again, in a minute none of them counted in.
                    try await eventually(within: .seconds(90), "the next minute") { Int(Date().timeIntervalSince1970 / 60) > end ? () : nil }
                }
                #expect(statuses.filter { $0 == 400 }.count == limit, "\(statuses)")
                #expect(statuses.filter { $0 == 429 }.count == extra, "\(statuses)")
                // They were spread: each instance answered some (the balancer's log names the instance).
                let log = servers.balancerLog()
                for instance in 0..<3 { #expect(log.contains("instances/bi\(instance) "), "instance \(instance) answered none") }
            }
        }
    }
}
