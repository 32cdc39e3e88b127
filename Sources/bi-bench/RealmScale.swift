import Foundation
import IdentityProtocol

/// `bi-bench --realms N`: what many realms cost a server. Sign-ins on one realm and spread over
/// 100 realms, then N more realms created (an application each) and each one's discovery and
/// JWKS fetched, then the same sign-ins again; the server's RSS at each stage; and what a realm
/// whose keys were evicted from the cache adds to its first request.
struct RealmScale {
    let load: LoadGenerator
    let adminToken: String
    let concurrency: Int
    let status: (String) -> Void

    /// Realms the sign-ins are spread over (fewer with fewer sign-ins).
    static let spreadRealms = 100
    /// Realms touched first whose next JWKS request is timed (by then evicted from a cache
    /// smaller than the realms touched since).
    static let missSamples = 200

    func run(realms count: Int, logins: Int, pid: Int32) throws -> String {
        var lines = ["| stage | figure |", "|---|---|", "| idle RSS | \(mib(pid)) |"]
        let spreadCount = min(Self.spreadRealms, logins)
        status("one realm with devices, and \(spreadCount) realms with a device each")
        let hot = try admin { try BenchRealm.create(admin: $0) }
        let hotDevices = try BenchScript(load: load, realm: hot, concurrency: concurrency).enroll(min(100, logins), adminToken: adminToken).1
        let spread = try load.run("spread realms", Array(0..<spreadCount), workers: concurrency) { [adminToken] connection, index in
            let admin = AdminClient(connection: connection, token: adminToken)
            let realm = try BenchRealm.create(admin: admin)
            return (realm, try realm.enroll(index, admin: admin))
        }.1
        let hotLogins = (0..<logins).map { hotDevices[$0 % hotDevices.count] }
        let spreadLogins = (0..<logins).map { spread[$0 % spread.count] }
        _ = try signIns(hot, hotLogins.prefix(300), name: "warm-up")
        let before = (try signIns(hot, hotLogins, name: "one realm"), try signIns(spreadLogins, name: "spread"))
        lines += [
            "| sign-ins/s, one realm, before | \(rate(before.0)) |",
            "| sign-ins/s, over \(spreadCount) realms, before | \(rate(before.1)) |",
        ]

        status("creating \(count) realms with an application each")
        let tenant = try admin { try $0.post(AdminAPI.tenants, TenantInput(displayName: "Many"), as: Tenant.self) }
        let (created, many) = try load.run("create realms", Array(0..<count), workers: concurrency) { [adminToken] connection, _ in
            try BenchRealm.create(admin: AdminClient(connection: connection, token: adminToken), tenantID: tenant.id)
        }
        lines += [
            "| realm creation | \(Int(created.rate))/s, \(Int(created.serverMicroseconds)) µs server CPU each |",
            "| RSS after creating \(count) realms | \(mib(pid)) |",
        ]
        status("fetching each realm's discovery document and JWKS")
        let touched = try load.run("touch realms", many, workers: concurrency) { connection, realm in
            try connection.send("GET", realm.issuerPath + "/.well-known/openid-configuration").expect(200, what: "discovery")
            try connection.send("GET", realm.issuerPath + "/jwks").expect(200, what: "JWKS")
        }.0
        lines += [
            "| touching each realm (discovery + JWKS) | \(Int(touched.serverMicroseconds)) µs server CPU per realm |",
            "| RSS after touching \(count) realms | \(mib(pid)) |",
        ]

        let after = (try signIns(hot, hotLogins, name: "one realm"), try signIns(spreadLogins, name: "spread"))
        lines += [
            "| sign-ins/s, one realm, at \(count) more realms | \(rate(after.0)) (\(percent(after.0, of: before.0))) |",
            "| sign-ins/s, over \(spreadCount) realms, at \(count) more realms | \(rate(after.1)) (\(percent(after.1, of: before.1))) |",
        ]

        // The realms touched first have not been used for a while (evicted from a key cache smaller
        // than `count`, or past the signers' refresh interval): time their next JWKS, then another.
        let evicted = Array(many.prefix(Self.missSamples))
        let jwks: @Sendable (HTTPConnection, BenchRealm) throws -> Void = { connection, realm in
            try connection.send("GET", realm.issuerPath + "/jwks").expect(200, what: "JWKS")
        }
        let miss = try load.run("JWKS, evicted realm", evicted, workers: 1, jwks).0
        let hit = try load.run("JWKS, cached realm", evicted, workers: 1, jwks).0
        lines += [
            "| JWKS of a realm last used \(count) realms ago, p50 | \(milliseconds(miss.percentile(0.5))) (again at once: \(milliseconds(hit.percentile(0.5)))) |",
            "| RSS at the end | \(mib(pid)) |",
        ]
        return lines.joined(separator: "\n")
    }

    /// One admin call on a connection of its own (an idle one would have been closed meanwhile).
    private func admin<Output: Sendable>(_ call: @escaping @Sendable (AdminClient) throws -> Output) throws -> Output {
        try load.run("admin", [0], workers: 1) { [adminToken] connection, _ in
            try call(AdminClient(connection: connection, token: adminToken))
        }.1[0]
    }

    private func signIns(_ realm: BenchRealm, _ devices: some Collection<BenchDevice>, name: String) throws -> PhaseResult {
        try signIns(devices.map { (realm, $0) }, name: name)
    }

    private func signIns(_ logins: [(BenchRealm, BenchDevice)], name: String) throws -> PhaseResult {
        try load.run(name, logins, workers: concurrency) { connection, login in
            try LoginSteps(connection: connection, realm: login.0).login(login.1)
        }.0
    }

    private func mib(_ pid: Int32) -> String { String(format: "%.0f MiB", ProcessStats.residentMiB(pid)) }
    private func rate(_ phase: PhaseResult) -> String { String(format: "%.0f", phase.rate) }
    private func percent(_ phase: PhaseResult, of base: PhaseResult) -> String { String(format: "%.0f%%", phase.rate / base.rate * 100) }
    private func milliseconds(_ value: Double) -> String { String(format: "%.2f ms", value) }
}
