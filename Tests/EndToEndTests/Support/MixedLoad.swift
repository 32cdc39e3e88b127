import Foundation
import IdentityProtocol
import ServerTestSupport
import Synchronization
import Testing
import TestProcessSupport

/// The bounded mixed load the multi-instance tests run through the balancer, and what it was
/// acknowledged. Devices sign in with their key (the application exchanges each code and
/// rotates the refresh token); browsers sign in with a device's approval from another device,
/// waiting on the page's long poll while the approval lands on another instance; the
/// administrator creates identities (each a webhook event) and sends enrollment email (each a
/// mail through the SMTP server). Every step that failed is started again from the beginning.
struct MixedLoad: Sendable {
    /// Devices signing in with their key at once, and the sign-ins each makes.
    static let users = 6
    static let rounds = 15
    /// Refresh rotations after each sign-in.
    static let refreshes = 3
    /// Browsers signing in on another device at once, and the sign-ins each makes.
    static let browsers = 2
    static let crossDeviceRounds = 5
    /// Identities the administrator creates, every fifth sent an enrollment email.
    static let identities = users * rounds / 3
    /// The event types the webhook endpoint takes.
    static let webhookEvents = ["identity.created", "sign_in.succeeded"]

    let servers: BalancedServers
    let realm: TestRealm
    /// The application that signs in on another device only.
    let crossDevice: TestApplication
    let devices: [TestDevice]
    let smtp: SMTPTestServer
    let receiver: WebhookReceiver
    let log = LoadLog()

    /// Rounds of every kind the load makes, to say how far it has gone.
    static var totalRounds: Int { users * rounds + browsers * crossDeviceRounds }

    /// Runs `body` with three instances behind the balancer (on the database at `databaseURL`,
    /// the test database unless given; with `environment` added), an SMTP server and a webhook
    /// receiver they deliver to, a realm with enrolled devices and an application signing in on
    /// another device, and a webhook endpoint.
    static func with(databaseURL: String? = nil, environment: [String] = [], _ body: (MixedLoad) async throws -> Void) async throws {
        try await SMTPTestServer.with { smtp in
            try await WebhookReceiver.with { receiver in
                try await BalancedServers.with(instances: 3, databaseURL: databaseURL, environment: [
                    "BI_MAIL_SMTP_HOST=127.0.0.1", "BI_MAIL_SMTP_PORT=\(smtp.port)", "BI_MAIL_SMTP_SECURITY=none",
                    "BI_MAIL_RETRY_DELAYS=1s,1s,1s,1s,1s,1s,1s,1s,1s,1s",
                    "BI_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true", "BI_WEBHOOKS_RETRY_DELAYS=1s,1s,1s,1s,1s,1s,1s,1s,1s,1s",
                    // Every browser and device of the load comes from one address.
                    "BI_CROSS_DEVICE_STARTS_PER_ADDRESS_PER_MINUTE=10000", "BI_CROSS_DEVICE_REQUESTS_PER_ADDRESS_PER_MINUTE=10000",
                ] + environment) { servers in
                    let realm = try await TestRealm.create(on: servers)
                    let created = try await servers.admin.created(AdminAPI.applications(tenant: realm.tenantID, realm: realm.realmID), [
                        "display_name": "Kiosk", "client_type": "confidential", "redirect_uris": [TestRealm.callback],
                        "allowed_scopes": ["openid", "profile", "email"], "sign_in_methods": ["cross_device"],
                    ])
                    let crossDevice = TestApplication(
                        clientID: try #require(created["client_id"] as? String), clientSecret: created["client_secret"] as? String,
                        issuer: try #require(created["issuer"] as? String))
                    let hook = try await servers.admin.created(
                        AdminAPI.webhooks(tenant: realm.tenantID), ["url": receiver.url("/hook"), "events": webhookEvents])
                    try receiver.verify(["/hook": [try #require(hook["secret"] as? String)]])
                    var devices: [TestDevice] = []
                    for _ in 0..<users {
                        var device = TestDevice()
                        let enrolled = try await device.enroll(link: try await realm.enrollmentLink(), server: servers)
                        try #require(enrolled.status == 201, "\(enrolled.json)")
                        devices.append(device)
                    }
                    try await body(MixedLoad(
                        servers: servers, realm: realm, crossDevice: crossDevice, devices: devices, smtp: smtp, receiver: receiver))
                }
            }
        }
    }

    /// What a client was acknowledged.
    struct Acknowledged: Sendable {
        enum Kind { case signIn, identity, enrollmentMail }
        let kind: Kind
        /// The refresh token a sign-in ended with, the identity's admin API path, or the address mailed.
        let value: String
        /// The code the sign-in's application exchanged.
        var code: String?
        /// The application that signed in.
        var application: TestApplication?
    }

    /// Runs the whole load, every kind at once; returns what was acknowledged.
    func run() async throws -> [Acknowledged] {
        try await withThrowingTaskGroup(of: [Acknowledged].self) { group in
            for device in devices {
                group.addTask { try await signIns(device) }
            }
            for _ in 0..<Self.browsers {
                group.addTask { try await crossDeviceSignIns(approvedBy: devices[0]) }
            }
            group.addTask { try await adminWrites() }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    /// A device's sign-ins, each exchanged and refreshed by the application.
    private func signIns(_ device: TestDevice) async throws -> [Acknowledged] {
        let party = TestRelyingParty(application: realm.confidential, server: servers)
        var held: [Acknowledged] = []
        while held.count < Self.rounds {
            guard let invoke = await log.attempt({ try await party.authorize() }), let location = invoke.location,
                  let result = await log.attempt({ try await device.authenticate(invokeURL: location, server: servers) }),
                  result.status == 200,
                  let code = try? party.code(from: result)
            else { continue }
            if let signIn = await exchangeAndRefresh(code, party) { held.append(signIn) }
            log.roundDone()
        }
        return held
    }

    /// A browser's sign-ins approved from another device: the browser starts at `/authorize`,
    /// reads the code off its page and waits on the long poll; the device approves (through the
    /// balancer, so mostly on another instance than the poll's); the poll ends, the browser
    /// continues to the redirect, and the application exchanges the code.
    private func crossDeviceSignIns(approvedBy device: TestDevice) async throws -> [Acknowledged] {
        var held: [Acknowledged] = []
        while held.count < Self.crossDeviceRounds {
            let party = TestRelyingParty(application: crossDevice, server: servers)
            let browser = TestBrowser(server: servers)
            guard let started = await log.attempt({ try await browser.get(try party.authorizeURL()) }),
                  let page = started.location,
                  await log.attempt({ try await browser.get(page) })?.status == 200,
                  let url = await browser.signInURL, let code = try? TestDevice.code(in: url)
            else { continue }
            let poll = Task { await waitForDecision(browser, page) }
            let approved = await log.attempt({ try await device.approve(code, server: servers) })
            guard approved?.status == 200, await poll.value == "approved",
                  let continued = await log.attempt({ try await browser.post(page + "/continue") }),
                  let redirect = continued.location, let authorizationCode = HTTPTestClient.queryItem("code", in: redirect)
            else {
                poll.cancel()
                continue
            }
            if let signIn = await exchangeAndRefresh(authorizationCode, party) { held.append(signIn) }
            log.roundDone()
        }
        return held
    }

    /// The page's long poll, asked again while the sign-in is pending; `nil` once a poll failed.
    private func waitForDecision(_ browser: TestBrowser, _ page: String) async -> String? {
        while !Task.isCancelled {
            guard let state = await log.attempt({ try await browser.get(page + "/status") })?.json["state"] as? String else { return nil }
            if state != "pending" { return state }
        }
        return nil
    }

    /// The application's exchange of `code` and its refreshes; `nil` if an answer was lost on
    /// the way (whether the refresh token rotated is then unknown, so the sign-in is given up).
    private func exchangeAndRefresh(_ code: String, _ party: TestRelyingParty) async -> Acknowledged? {
        guard let tokens = await log.attempt({ try await party.exchange(code) }), var refresh = tokens.json["refresh_token"] as? String
        else { return nil }
        for _ in 0..<Self.refreshes {
            guard let next = await log.attempt({
                try await party.post(ProviderPath.token, ["grant_type": "refresh_token", "refresh_token": refresh])
            }), let token = next.json["refresh_token"] as? String else { return nil }
            refresh = token
        }
        return Acknowledged(kind: .signIn, value: refresh, code: code, application: party.application)
    }

    /// Identities created through the balancer, every fifth sent an enrollment email.
    private func adminWrites() async throws -> [Acknowledged] {
        var acknowledged: [Acknowledged] = []
        for index in 0..<Self.identities {
            let email = "load-\(index)@example.com"
            guard let reply = await log.attempt({
                try await servers.admin.send(
                    "POST", AdminAPI.identities(tenant: realm.tenantID, realm: realm.realmID), json: ["username": "load-\(index)", "email": email])
            }), reply.status == 201, let id = reply.json["id"] as? String
            else { continue }
            let path = AdminAPI.identity(tenant: realm.tenantID, realm: realm.realmID, identity: id)
            acknowledged.append(Acknowledged(kind: .identity, value: path))
            guard index % 5 == 0 else { continue }
            let job = await log.attempt({
                try await servers.admin.send(
                    "POST", AdminAPI.bindingJobs(tenant: realm.tenantID, realm: realm.realmID, identity: id),
                    json: ["kind": "registration", "delivery": "email"])
            })
            if job?.status == 201 { acknowledged.append(Acknowledged(kind: .enrollmentMail, value: email)) }
        }
        return acknowledged
    }
}

/// The load's requests as the clients saw them, how far it has gone, and when an instance was
/// stopped (the window in which requests may fail).
final class LoadLog: Sendable {
    struct Attempt: Sendable, CustomStringConvertible {
        let sent: Date
        let answered: Date
        /// `nil`: no answer came (the connection failed, as `error` says).
        let status: Int?
        /// The answer's `Retry-After`.
        var retryAfter: String?
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

    /// Waits until the load has made `fraction` of its rounds.
    func reached(_ fraction: Double) async throws {
        let rounds = Int(Double(MixedLoad.totalRounds) * fraction)
        try await eventually(within: .seconds(600), "\(rounds) rounds of the load") { self.rounds >= rounds ? () : nil }
    }

    /// Sends a request, noting when and how it was answered; `nil` unless it was answered below
    /// 500. One the client gave up on (its task cancelled) is not noted. After a `503` the client
    /// waits as its `Retry-After` asks, a second at most (this load would rather go on).
    func attempt(_ send: () async throws -> HTTPTestClient.Reply) async -> HTTPTestClient.Reply? {
        let sent = Date()
        do {
            let reply = try await send()
            let retryAfter = reply.header("Retry-After")
            state.withLock { $0.attempts.append(Attempt(sent: sent, answered: Date(), status: reply.status, retryAfter: retryAfter, error: nil)) }
            if reply.status == 503, let seconds = retryAfter.flatMap(Int.init) { try? await Task.sleep(for: .seconds(min(seconds, 1))) }
            return reply.status < 500 ? reply : nil
        } catch is CancellationError {
            return nil
        } catch {
            state.withLock { $0.attempts.append(Attempt(sent: sent, answered: Date(), status: nil, error: "\(error)")) }
            return nil
        }
    }
}
