import Foundation
import IdentityProtocol
import ServerTestSupport
import Testing
import TestProcessSupport

extension SeveralInstancesTests {
    /// The mixed load of ``MixedLoad`` on three instances whose database is itself highly
    /// available (``PatroniCluster``: a primary and a synchronous standby behind HAProxy). The
    /// primary's node dies a third of the way in (Patroni and postmaster, SIGKILL); the standby is
    /// promoted once the leader key lapses. No instance is restarted: each reconnects by itself.
    /// Afterwards every acknowledged write is there (synchronous replication), read and written
    /// through each instance; the requests of the switch were answered `503` with `Retry-After`,
    /// at once, never hung. The time from the kill to the first successful write is printed.
    @Suite(.requires(.patroni))
    struct DatabaseFailoverTests {
        @Test(.timeLimit(.minutes(10))) func thePrimaryDiesMidLoadAndNothingAcknowledgedIsLost() async throws {
            try await PatroniCluster.with { cluster in
                try await MixedLoad.with(databaseURL: cluster.url) { load in
                    let log = load.log
                    let failover = Task {
                        try await log.reached(1 / 3)
                        log.killing()
                        try await cluster.killPrimary()
                        log.killed()
                        // The first write that succeeds after the kill: an identity created through the balancer.
                        let killed = ContinuousClock.now
                        try await eventually(within: .seconds(300), "a write after the failover") {
                            let reply = try? await load.servers.admin.send(
                                "POST", AdminAPI.identities(tenant: load.realm.tenantID, realm: load.realm.realmID),
                                json: ["username": "after-\(UUID().uuidString)"])
                            return reply?.status == 201 ? () : nil
                        }
                        return (ContinuousClock.now - killed, Date())
                    }
                    let started = ContinuousClock.now
                    let acknowledged = try await load.run()
                    let (switchTime, firstWrite) = try await failover.value
                    let seconds = (ContinuousClock.now - started) / .seconds(1)

                    let (killStart, _) = try #require(log.killWindow)
                    let failures = log.attempts.filter { $0.failed }
                    // The balancer's lines of requests that did not end normally (termination state other than ----).
                    let unusual = load.servers.balancerLog().split(separator: "\n").filter { !$0.contains(" ---- ") }.joined(separator: "\n")
                    for failure in failures {
                        #expect(failure.answered >= killStart && failure.sent <= firstWrite, "\(failure) was not during the switch")
                        // bi-server's answer when its database is unavailable, or the balancer's when
                        // no instance is ready (each instance's /readyz asks the database): both 503
                        // with Retry-After.
                        #expect(failure.status == 503 && failure.retryAfter != nil, "\(failure)")
                        #expect(failure.answered.timeIntervalSince(failure.sent) < 30, "\(failure) hung; the balancer's log:\n\(unusual)")
                    }
                    try await load.checkNothingLost(acknowledged)
                    print("""
                        database failover: \(MixedLoad.summary(acknowledged)) in \(String(format: "%.1f", seconds)) s over 3 \
                        instances; the primary killed, the first write \(switchTime) later; \(failures.count) of \(log.attempts.count) \
                        requests answered 503 meanwhile
                        """)
                }
            }
        }
    }
}
