import ArgumentParser
import Crypto
import Foundation
import IdentityProtocol

/// `bi-bench`: starts a release `bi-server` in its own process, enrolls devices, drives sign-ins
/// and each of their steps from this process, and prints what the server spent on them.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bi-bench",
        abstract: "Measures bi-server: sign-ins per second, server CPU per sign-in and per step, latency, memory.",
        discussion: """
            The server runs pinned to core 0 (with taskset), the load from this process pinned to core 1, over
            keep-alive connections. CPU figures are read from /proc, so they hold on a noisy machine.

            Example:
              swift build -c release --product bi-server && swift run -c release bi-bench
              swift run -c release bi-bench --database-url postgres://bi:bi@127.0.0.1/bi_bench
              swift run -c release bi-bench --database-url postgres://bi:bi@127.0.0.1/bi_bench --instances 2
              swift run -c release bi-bench --realms 10000       # memory and speed with many realms
            """)

    @Option(help: "Devices to enroll (each its own identity and credential).")
    var devices = 1000

    @Option(help: "Identities without a device to add to the realm first (SQLite; the scale mode, e.g. 1000000).")
    var identities = 0

    @Option(help: "Second devices to add, each to its own enrolled device (so at most --devices).")
    var secondDevices = 100

    @Option(help: "Server instances on the one PostgreSQL database (--database-url); with 2 or more, sign-ins are also measured on one instance and on all.")
    var instances = 1

    @Option(help: "Instead of the usual phases: create this many realms (an application each), touch each, and print RSS and sign-in rates before and after.")
    var realms = 0

    @Option(help: "Sign-ins per measured phase.")
    var logins = 3000

    @Option(help: "Concurrent connections.")
    var concurrency = 8

    @Option(help: "Rounds of the measured phases; each figure is their median.")
    var runs = 3

    @Option(help: "Sign-ins one at a time, for latency.")
    var latencyLogins = 500

    @Option(help: "Requests per light endpoint (health, JWKS, discovery, userinfo).")
    var requests = 3000

    @Option(help: "postgres://… to run the server on PostgreSQL (a fresh schema is used); SQLite otherwise.")
    var databaseURL: String?

    @Option(help: "Where to create the server's data directory (e.g. /dev/shm to take the disk out of the figures).")
    var dataParent: String?

    @Option(help: "The bi-server executable; by default the one beside bi-bench.")
    var server: String?

    @Flag(inversion: .prefixedNo, help: "With SQLite: also run each round's sign-ins on a second server with synchronous=NORMAL, to print what FULL costs.")
    var synchronousComparison = true

    @Flag(help: "Also run each round's sign-ins on a server that records every span (always_on) and exports it to a local OTLP sink, to print what tracing costs.")
    var traces = false

    @Flag(help: "Also measure glewlwyd (Debian's package, a C OpenID provider) on the same requests to its JWKS and discovery document, in each round, started by Scripts/glewlwyd-beside and pinned to the server's core.")
    var besideGlewlwyd = false

    @Flag(help: "Print only the JSON line.")
    var json = false

    func run() throws {
        let binary = server.map(URL.init(fileURLWithPath:))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bi-server")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ValidationError("no bi-server at \(binary.path): build it first (swift build -c release --static-swift-stdlib --product bi-server)")
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        if cores > 1 { ProcessStats.pinSelf(toCore: 1) }
        let parent = dataParent.map(URL.init(fileURLWithPath:)) ?? FileManager.default.temporaryDirectory
        let data = parent.appendingPathComponent("bi-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        if identities > 0, databaseURL != nil { throw ValidationError("--identities works with SQLite only, for now") }
        if instances > 1, databaseURL == nil { throw ValidationError("--instances needs --database-url: instances share PostgreSQL") }
        guard secondDevices >= 0 else { throw ValidationError("--second-devices must not be negative") }
        guard logins >= 2 else { throw ValidationError("--logins must be 2 or more: half the codes are exchanged with DPoP") }
        // Loopback is a trusted proxy, so each claim of a code names its own client address.
        var arguments = ["--trusted-proxy", "127.0.0.1"]
        // The claims of second-device codes would otherwise stop at 120 a minute, all clients
        // together, and the DPoP proofs a public client's token requests record at their limits
        // per network and per client (the load comes from one address, for one client).
        var environment = [
            "BI_EXTENSION_CLAIMS_PER_MINUTE": "1000000",
            "BI_DPOP_PUBLIC_CLIENT_PROOFS_PER_ADDRESS_PER_MINUTE": "1000000",
            "BI_DPOP_PUBLIC_CLIENT_PROOFS_PER_MINUTE": "100000000",
        ]
        if let databaseURL {
            // A schema of its own, so every run starts empty; instances share it and the master key.
            arguments += ["--database-url", databaseURL, "--database-schema", "bench_\(UInt32.random(in: 0 ... .max))"]
            environment["BI_MASTER_KEY"] = SymmetricKey(size: .bits256).withUnsafeBytes { $0.map { String(format: "%02x", $0) }.joined() }
        }
        var processes: [ServerProcess] = []
        defer { processes.forEach { $0.stop() } }
        for instance in 0..<max(1, instances) {
            processes.append(try ServerProcess(
                binary: binary, dataDirectory: data.appendingPathComponent("instance-\(instance)"), arguments: arguments,
                environment: environment, core: cores > 1 ? instance % cores : nil))
        }
        // The same sign-ins on a server whose commits are not synced (SQLite alone): FULL's cost.
        let normal = databaseURL == nil && instances == 1 && realms == 0 && synchronousComparison
            ? try ServerProcess(
                binary: binary, dataDirectory: data.appendingPathComponent("synchronous-normal"), arguments: arguments,
                environment: environment.merging(["BI_DATABASE_SQLITE_SYNCHRONOUS": "normal"]) { $1 }, core: cores > 1 ? 0 : nil)
            : nil
        defer { normal?.stop() }
        // The same sign-ins on a server that traces every one of them.
        let sink = traces ? try SpanSink() : nil
        let traced = try sink.map { sink in
            try ServerProcess(
                binary: binary, dataDirectory: data.appendingPathComponent("traced"), arguments: arguments,
                environment: environment.merging(["OTEL_EXPORTER_OTLP_ENDPOINT": sink.endpoint, "OTEL_TRACES_SAMPLER": "always_on"]) { $1 },
                core: cores > 1 ? 0 : nil)
        }
        defer { traced?.stop() }
        let glewlwyd = try besideGlewlwyd
            ? GlewlwydProcess(script: URL(fileURLWithPath: "Scripts/glewlwyd-beside"), data: data.appendingPathComponent("glewlwyd"), core: cores > 1 ? 0 : nil)
            : nil
        defer { glewlwyd?.stop() }
        if realms > 0 {
            let process = processes[0]
            guard let adminToken = process.adminToken else { throw BenchError("the server wrote no admin token") }
            let load = LoadGenerator(servers: [process.loadTarget], databaseProcessName: databaseURL == nil ? nil : "postgres")
            print(try RealmScale(load: load, adminToken: adminToken, concurrency: concurrency, status: status)
                .run(realms: realms, logins: logins, pid: process.pid))
            return
        }
        var report = try measure(processes, comparisons: [normal, traced], glewlwyd: glewlwyd)
        report.spanExports = sink?.exportCount
        print(json ? report.jsonLine : report.table + "\n" + report.jsonLine)
    }

    /// The report of the phases on `processes`; each round's sign-ins also on each of
    /// `comparisons` there is (synchronous=NORMAL, traced), and the plain requests on `glewlwyd`,
    /// in the same sitting.
    private func measure(_ processes: [ServerProcess], comparisons: [ServerProcess?], glewlwyd: GlewlwydProcess?) throws -> BenchReport {
        let process = processes[0]
        var report = BenchReport(
            date: Date(), cores: ProcessInfo.processInfo.activeProcessorCount, engine: databaseURL == nil ? "sqlite" : "postgresql")
        report.idleRSS = ProcessStats.residentMiB(process.pid)
        report.swiftRuntime = ProcessStats.swiftRuntime(process.pid)
        report.floor = CryptoFloor.microseconds()
        guard let adminToken = process.adminToken else { throw BenchError("the first server wrote no admin token") }
        let everyInstance = LoadGenerator(
            servers: processes.map(\.loadTarget), databaseProcessName: databaseURL == nil ? nil : "postgres")
        let load = everyInstance.on([process.loadTarget])
        let realm = try BenchScript.realm(on: process, adminToken: adminToken)
        let script = BenchScript(load: load, realm: realm, concurrency: concurrency)

        status("enrolling \(devices) devices")
        let enrolled: [BenchDevice]
        (report.enrollment, enrolled) = try script.enroll(devices, adminToken: adminToken)
        if secondDevices > 0 {
            status("adding \(min(secondDevices, devices)) second devices")
            report.secondDevice = try script.secondDevices(Array(enrolled.prefix(secondDevices)))
        }
        if identities > 0 {
            status("adding \(identities) identities")
            try BulkIdentities.add(identities, realm: realm, database: process.dataDirectory.appendingPathComponent("identity.sqlite").path)
            report.identities = identities
            status("listing them through SCIM")
            report.scimListPeakRSS = try SCIMListingPhase.peakRSS(
                on: process, realm: realm, adminToken: adminToken, pages: min(5, (identities + 199) / 200))
        }
        let logins = try script.warmedUp(self.logins, over: enrolled)
        let compared = try comparisons.map { comparison in
            try comparison.map { comparison in
                status("enrolling \(devices) devices on the comparison server in \(comparison.dataDirectory.lastPathComponent)")
                return try BenchScript.prepared(on: comparison, devices: devices, logins: self.logins, concurrency: concurrency)
            }
        }

        // Each figure is the median of `runs` rounds: this machine's neighbours make single runs vary.
        var rounds: [[PhaseResult]] = []
        var comparedRounds: [[PhaseResult]] = comparisons.map { _ in [] }
        var glewlwydRounds: [[PhaseResult]] = []
        var accessToken = ""
        for round in 1...max(1, runs) {
            status("round \(round) of \(runs): \(logins.count) sign-ins, then each step alone")
            let (full, tokens) = try script.signIns(logins, name: "login")
            accessToken = tokens[0]
            for (index, comparison) in compared.enumerated() {
                guard let (comparisonScript, comparisonLogins) = comparison else { continue }
                comparedRounds[index].append(try comparisonScript.signIns(comparisonLogins, name: "login, compared").0)
            }
            let (steps, dpop) = try script.steps(logins)
            rounds.append([full] + steps + (try script.lightEndpoints(requests, accessToken: accessToken, dpop: dpop)))
            if let glewlwyd { glewlwydRounds.append(try glewlwyd.plainRequests(requests, concurrency: concurrency)) }
        }
        let medians = rounds[0].indices.map { index in BenchScript.median(rounds.map { $0[index] }) }

        status("registering \(min(devices, 100)) passkeys, then \(logins.count) passkey sign-ins a round")
        let passkeys = try script.registerPasskeys(min(devices, 100), adminToken: adminToken).1
        let passkeyLogins = Array(0..<logins.count).map { passkeys[$0 % passkeys.count] }
        _ = try script.passkeySignIns(Array(passkeyLogins.prefix(300)), name: "passkey warm-up")
        report.passkeyLogin = BenchScript.median(try (1...max(1, runs)).map { _ in
            try script.passkeySignIns(passkeyLogins, name: "passkey login").0
        })
        report.login = medians[0]
        report.steps = Array(medians[1...5])
        report.endpoints = Array(medians[6...])
        report.glewlwydEndpoints = glewlwydRounds.first?.indices.map { index in BenchScript.median(glewlwydRounds.map { $0[index] }) } ?? []
        let comparedMedians = comparedRounds.map { $0.isEmpty ? nil : BenchScript.median($0) }
        (report.unsyncedLogin, report.tracedLogin) = (comparedMedians[0], comparedMedians[1])

        status("\(latencyLogins) sign-ins one at a time")
        report.latency = try script.signIns(Array(logins.prefix(latencyLogins)), name: "latency", workers: 1).0
        if processes.count > 1 {
            status("\(logins.count) sign-ins on one instance, then on \(processes.count)")
            let scaled = BenchScript(load: everyInstance, realm: realm, concurrency: concurrency)
            report.scaleOut = BenchReport.ScaleOut(
                one: try script.signIns(logins, name: "one instance").0,
                all: try scaled.signIns(logins, name: "\(processes.count) instances").0,
                instances: processes.count)
        }
        report.finalRSS = ProcessStats.residentMiB(process.pid)
        return report
    }

    private func status(_ line: String) {
        guard !json else { return }
        FileHandle.standardError.write(Data("bi-bench: \(line)\n".utf8))
    }
}
