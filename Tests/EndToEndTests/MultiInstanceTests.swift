import Foundation
import IdentityProtocol
import ServerTestSupport
import Synchronization
import Testing
import TestProcessSupport

/// Three `bi-server` instances on one PostgreSQL behind HAProxy (no sticky sessions): a bounded
/// load of sign-ins (a device answers, the application exchanges the code and rotates its
/// refresh token) and admin writes runs through the balancer while one instance is killed with
/// SIGKILL a third of the way in and started again at two thirds. Afterwards, read through each
/// instance: every acknowledged write is there, every refresh token a client holds works once
/// (and its replay is refused), no code is redeemed twice, the JWKS is the same everywhere, and
/// the only failures were requests in flight at the kill, ended at once with a clean error (the
/// balancer's 5xx, or the connection closed without an answer).
@Suite(.enabled(if: TestDatabase.url != nil, "BI_TEST_DATABASE_URL is not set"), .requires(.haproxy))
struct MultiInstanceTests {
    /// Devices signing in at once, and the sign-ins each makes.
    private static let users = 6
    private static let rounds = 15
    /// Refresh rotations after each sign-in.
    private static let refreshes = 3

    @Test(.timeLimit(.minutes(10))) func anInstanceKilledMidLoadLosesNothingAcknowledged() async throws {
        try await BalancedServers.with(instances: 3) { servers in
            let realm = try await TestRealm.create(on: servers)
            var devices: [TestDevice] = []
            for _ in 0..<Self.users {
                var device = TestDevice()
                let enrolled = try await device.enroll(link: try await realm.enrollmentLink(), server: servers)
                try #require(enrolled.status == 201, "\(enrolled.json)")
                devices.append(device)
            }
            let log = LoadLog()
            let total = Self.users * Self.rounds
            let started = ContinuousClock.now
            // The instance dies, and comes back, when the load has gone that far (not at a time).
            let chaos = Task {
                try await eventually(within: .seconds(600), "a third of the load") { log.rounds >= total / 3 ? () : nil }
                log.killing()
                await servers.kill(1)
                log.killed()
                try await eventually(within: .seconds(600), "two thirds of the load") { log.rounds >= 2 * total / 3 ? () : nil }
                try await servers.restart(1)
            }
            let sessions = try await withThrowingTaskGroup(of: [Session].self) { group in
                for device in devices {
                    group.addTask { try await Self.signIns(device, realm, servers, log) }
                }
                group.addTask { try await Self.adminWrites(realm, servers, log) }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            try await chaos.value
            let seconds = (ContinuousClock.now - started) / .seconds(1)

            // Every failure was a request in flight at the kill, answered by the balancer.
            let (killStart, killEnd) = try #require(log.killWindow)
            let failures = log.attempts.filter { $0.failed }
            // The balancer's lines of requests that did not end normally (termination state other than ----).
            let unusual = servers.balancerLog().split(separator: "\n").filter { !$0.contains(" ---- ") }.joined(separator: "\n")
            for failure in failures {
                #expect(failure.sent <= killEnd && failure.answered >= killStart, "\(failure) was not in flight at the kill")
                // A clean error, at once: the balancer's 5xx, or the connection closed without an
                // answer (what HTTP gives a request whose server died under it); never a hang.
                #expect(
                    failure.status.map { [502, 503, 504].contains($0) } ?? (failure.error?.contains("remoteConnectionClosed") == true),
                    "\(failure); the balancer's log:\n\(unusual)")
                #expect(failure.answered.timeIntervalSince(killEnd) < 30, "\(failure) hung")
            }

            // Read back through each instance, the restarted one included.
            let instances = servers.instanceURLs.map { HTTPTestClient(baseURL: $0, bearer: servers.adminToken) }
            for instance in instances { try await instance.waitUntilHealthy() }
            let client = realm.confidential
            let basic = ["Authorization": "Basic " + Data("\(client.clientID):\(client.clientSecret ?? "")".utf8).base64EncodedString()]
            for (index, session) in sessions.enumerated() where session.kind == .signIn {
                let on = instances[index % instances.count]
                // The refresh token the application holds works, once; the code worked once.
                let refreshed = try await on.send("POST", Self.path(realm.confidential.issuer + ProviderPath.token, servers), form: [
                    "grant_type": "refresh_token", "refresh_token": session.value,
                ], headers: basic)
                #expect(refreshed.status == 200, "\(refreshed.json)")
                let replayed = try await on.send("POST", Self.path(realm.confidential.issuer + ProviderPath.token, servers), form: [
                    "grant_type": "refresh_token", "refresh_token": session.value,
                ], headers: basic)
                #expect(replayed.status == 400 && replayed.error == "invalid_grant")
            }
            // No code is exchanged twice, whichever instance is asked (its replay also ends its session).
            for (index, session) in sessions.enumerated() where session.kind == .signIn {
                let replayed = try await instances[(index + 1) % instances.count].send(
                    "POST", Self.path(realm.confidential.issuer + ProviderPath.token, servers), form: [
                        "grant_type": "authorization_code", "code": session.code ?? "", "redirect_uri": TestRealm.callback,
                        "code_verifier": PKCES256.makeVerifier(),
                    ], headers: basic)
                #expect(replayed.status == 400 && replayed.error == "invalid_grant", "\(replayed.json)")
            }
            for (index, write) in sessions.enumerated() where write.kind == .identity {
                let read = try await instances[index % instances.count].send("GET", write.value)
                #expect(read.status == 200, "an acknowledged identity is there: \(write.value)")
            }
            var keys: Set<Data> = []
            for instance in instances { keys.insert(try await instance.send("GET", Self.path(realm.confidential.issuer + ProviderPath.jwks, servers)).body) }
            #expect(keys.count == 1, "one JWKS everywhere")

            let signIns = sessions.filter { $0.kind == .signIn }.count
            print("""
                multi-instance: \(signIns) sign-ins (each a code exchange and \(Self.refreshes) refreshes) and \
                \(sessions.count - signIns) admin writes in \(String(format: "%.1f", seconds)) s through HAProxy over 3 instances; \
                \(failures.count) of \(log.attempts.count) requests failed, all in flight at the kill
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

    /// What a client was acknowledged: the refresh token it holds after a sign-in (and the code
    /// it exchanged), or an identity created.
    private struct Session: Sendable {
        enum Kind { case signIn, identity }
        let kind: Kind
        /// The refresh token, or the identity's admin API path.
        let value: String
        var code: String?
    }

    /// A device's sign-ins through the balancer, each exchanged and refreshed by the application;
    /// a sign-in that failed on the way is started again. Returns the refresh token each sign-in
    /// ended with.
    private static func signIns(_ device: TestDevice, _ realm: TestRealm, _ servers: BalancedServers, _ log: LoadLog) async throws -> [Session] {
        let party = TestRelyingParty(application: realm.confidential, server: servers)
        var held: [Session] = []
        while held.count < rounds {
            guard let invoke = await log.attempt({ try await party.authorize() }), let location = invoke.location,
                  let result = await log.attempt({ try await device.authenticate(invokeURL: location, server: servers) }),
                  result.status == 200,
                  let code = try? party.code(from: result),
                  let tokens = await log.attempt({ try await party.exchange(code) }),
                  var refresh = tokens.json["refresh_token"] as? String
            else { continue }
            var rotated = true
            for _ in 0..<refreshes {
                guard let next = await log.attempt({
                    try await party.post(ProviderPath.token, ["grant_type": "refresh_token", "refresh_token": refresh])
                }), let token = next.json["refresh_token"] as? String else {
                    // Its answer was lost: whether it was rotated is unknown, so this sign-in is given up.
                    rotated = false
                    break
                }
                refresh = token
            }
            if rotated { held.append(Session(kind: .signIn, value: refresh, code: code)) }
            log.roundDone()
        }
        return held
    }

    /// Identities created through the balancer while the devices sign in.
    private static func adminWrites(_ realm: TestRealm, _ servers: BalancedServers, _ log: LoadLog) async throws -> [Session] {
        var created: [Session] = []
        for index in 0..<(users * rounds / 3) {
            let path = AdminAPI.identities(tenant: realm.tenantID, realm: realm.realmID)
            guard let reply = await log.attempt({ try await servers.admin.send("POST", path, json: ["username": "load-\(index)"]) }),
                  reply.status == 201, let id = reply.json["id"] as? String
            else { continue }
            created.append(Session(kind: .identity, value: AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: id)))
        }
        return created
    }

    /// `url` as a path on any instance.
    private static func path(_ url: String, _ servers: BalancedServers) -> String {
        String(url.dropFirst(servers.baseURL.count))
    }
}

/// The load's requests as the clients saw them, how far it has gone, and when the instance was killed.
private final class LoadLog: Sendable {
    struct Attempt: Sendable, CustomStringConvertible {
        let sent: Date
        let answered: Date
        /// `nil`: no answer came (the connection failed, as `error` says).
        let status: Int?
        let error: String?

        var failed: Bool { status.map { $0 >= 500 } ?? true }
        var description: String {
            "a request sent at \(sent.timeIntervalSince1970), answered \(status.map(String.init) ?? "not at all (\(error ?? ""))") at \(answered.timeIntervalSince1970)"
        }
    }

    private struct State {
        var attempts: [Attempt] = []
        var rounds = 0
        var killStart: Date?
        var killEnd: Date?
    }

    private let state = Mutex(State())

    var rounds: Int { state.withLock { $0.rounds } }
    var attempts: [Attempt] { state.withLock { $0.attempts } }
    var killWindow: (Date, Date)? { state.withLock { state in state.killStart.flatMap { start in state.killEnd.map { (start, $0) } } } }

    func roundDone() { state.withLock { $0.rounds += 1 } }
    func killing() { state.withLock { $0.killStart = Date() } }
    func killed() { state.withLock { $0.killEnd = Date() } }

    /// Sends a request, noting when and how it was answered; `nil` unless it was answered below 500.
    func attempt(_ send: () async throws -> HTTPTestClient.Reply) async -> HTTPTestClient.Reply? {
        let sent = Date()
        do {
            let reply = try await send()
            state.withLock { $0.attempts.append(Attempt(sent: sent, answered: Date(), status: reply.status, error: nil)) }
            return reply.status < 500 ? reply : nil
        } catch {
            state.withLock { $0.attempts.append(Attempt(sent: sent, answered: Date(), status: nil, error: "\(error)")) }
            return nil
        }
    }
}
