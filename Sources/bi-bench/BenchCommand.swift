import ArgumentParser
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
            """)

    @Option(help: "Devices to enroll (each its own identity and credential).")
    var devices = 1000

    @Option(help: "Sign-ins per measured phase.")
    var logins = 3000

    @Option(help: "Concurrent connections.")
    var concurrency = 8

    @Option(help: "Sign-ins one at a time, for latency.")
    var latencyLogins = 500

    @Option(help: "Requests per light endpoint (health, JWKS, discovery, userinfo).")
    var requests = 3000

    @Option(help: "postgres://… to run the server on PostgreSQL (a fresh schema is used); SQLite otherwise.")
    var databaseURL: String?

    @Option(help: "The bi-server executable; by default the one beside bi-bench.")
    var server: String?

    @Flag(help: "Print only the JSON line.")
    var json = false

    func run() throws {
        let binary = server.map(URL.init(fileURLWithPath:))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("bi-server")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ValidationError("no bi-server at \(binary.path): build it first (swift build -c release --product bi-server)")
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        if cores > 1 { ProcessStats.pinSelf(toCore: 1) }
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("bi-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        var arguments: [String] = []
        if let databaseURL {
            // A schema of its own, so every run starts empty.
            arguments = ["--database-url", databaseURL, "--database-schema", "bench_\(UInt32.random(in: 0 ... .max))"]
        }
        let process = try ServerProcess(binary: binary, dataDirectory: data, arguments: arguments, core: cores > 1 ? 0 : nil)
        defer { process.stop() }
        let report = try measure(process)
        print(json ? report.jsonLine : report.table + "\n" + report.jsonLine)
    }

    private func measure(_ process: ServerProcess) throws -> BenchReport {
        var report = BenchReport(
            date: Date(), cores: ProcessInfo.processInfo.activeProcessorCount, engine: databaseURL == nil ? "sqlite" : "postgresql")
        report.idleRSS = ProcessStats.residentMiB(process.pid)
        report.floor = CryptoFloor.microseconds()
        let host = process.baseURL.host ?? "127.0.0.1"
        let port = process.baseURL.port ?? 80
        let load = LoadGenerator(
            host: host, port: port, serverPID: process.pid, databaseProcessName: databaseURL == nil ? nil : "postgres")
        let setup = try HTTPConnection(host: host, port: port)
        let realm = try BenchRealm.create(admin: AdminClient(connection: setup, token: process.adminToken))
        let token = process.adminToken

        status("enrolling \(devices) devices")
        let (enrollment, enrolled) = try load.run("enroll", Array(0..<devices), workers: concurrency) { connection, index in
            try realm.enroll(index, admin: AdminClient(connection: connection, token: token))
        }
        report.enrollment = enrollment
        let logins = Array(0..<self.logins).map { enrolled[$0 % enrolled.count] }

        status("warming up")
        _ = try load.run("warm-up", Array(logins.prefix(300)), workers: concurrency) { connection, device in
            try LoginSteps(connection: connection, realm: realm).login(device)
        }
        status("\(logins.count) sign-ins")
        let (full, tokens) = try load.run("login", logins, workers: concurrency) { connection, device in
            try LoginSteps(connection: connection, realm: realm).login(device)
        }
        report.login = full

        status("each step alone")
        let (authorize, started) = try load.run("authorize", logins, workers: concurrency) { connection, _ in
            try LoginSteps(connection: connection, realm: realm).authorize()
        }
        let (challenge, challenged) = try load.run("challenge", started, workers: concurrency) { connection, started in
            try LoginSteps(connection: connection, realm: realm).challenge(started)
        }
        let pairs = zip(challenged, logins).map { ($0, $1) }
        let (authenticate, answered) = try load.run("authenticate", pairs, workers: concurrency) { connection, pair in
            try LoginSteps(connection: connection, realm: realm).authenticate(pair.0, device: pair.1)
        }
        let (exchange, _) = try load.run("token", answered, workers: concurrency) { connection, answered in
            try LoginSteps(connection: connection, realm: realm).token(answered)
        }
        report.steps = [authorize, challenge, authenticate, exchange]

        status("\(latencyLogins) sign-ins one at a time")
        (report.latency, _) = try load.run("latency", Array(logins.prefix(latencyLogins)), workers: 1) { connection, device in
            try LoginSteps(connection: connection, realm: realm).login(device)
        }

        status("light endpoints")
        let accessToken = tokens[0]
        let light: [(String, String, [(String, String)])] = [
            ("/healthz", "/healthz", []),
            ("/jwks", realm.issuerPath + "/jwks", []),
            ("discovery", realm.issuerPath + "/.well-known/openid-configuration", []),
            ("/userinfo", realm.issuerPath + "/userinfo", [("Authorization", "Bearer \(accessToken)")]),
        ]
        for (name, path, headers) in light {
            let (result, _) = try load.run(name, Array(repeating: 0, count: requests), workers: concurrency) { connection, _ in
                try connection.send("GET", path, headers: headers).expect(200, what: name)
            }
            report.endpoints.append(result)
        }
        report.finalRSS = ProcessStats.residentMiB(process.pid)
        return report
    }

    private func status(_ line: String) {
        guard !json else { return }
        FileHandle.standardError.write(Data("bi-bench: \(line)\n".utf8))
    }
}
