import Foundation
import ServerTestSupport
import Synchronization
import TestProcessSupport

/// Several `bi-server` processes on one PostgreSQL schema, behind HAProxy as operators run them
/// (docs/operating.md, "Scaling out"): no sticky sessions, health checks on `/readyz`, a request
/// whose connection failed sent to another instance. Clients reach ``baseURL``, the balancer's
/// address, which is also every instance's public base URL; an instance can be killed with
/// SIGKILL and started again on its port.
final class BalancedServers: TestServer {
    let baseURL: String
    let adminToken: String
    /// Each instance's own address, to read through one instance.
    let instanceURLs: [String]
    private let environment: [String]
    private let ports: [Int]
    private let directory: URL
    private let instances: Mutex<[ServerProcess?]>

    private init(
        baseURL: String, adminToken: String, ports: [Int], environment: [String], directory: URL, instances: [ServerProcess?]
    ) {
        (self.baseURL, self.adminToken, self.ports, self.environment, self.directory) = (baseURL, adminToken, ports, environment, directory)
        instanceURLs = ports.map { "http://127.0.0.1:\($0)" }
        self.instances = Mutex(instances)
    }

    func client(bearer: String?) -> HTTPTestClient { HTTPTestClient(baseURL: baseURL, bearer: bearer) }

    /// Instance `index` alone: its clients send what is addressed to the balancer to it.
    func instance(_ index: Int) -> some TestServer {
        Instance(baseURL: baseURL, adminToken: adminToken, address: instanceURLs[index])
    }

    /// One instance behind the balancer, reached directly.
    private struct Instance: TestServer {
        let baseURL: String
        let adminToken: String
        let address: String

        func client(bearer: String?) -> HTTPTestClient { HTTPTestClient(baseURL: baseURL, bearer: bearer, sendsTo: address) }
    }

    /// Runs `body` with `count` instances on a new schema of the database at `databaseURL` (the
    /// test database unless given) and HAProxy in front of them (its configuration says why each
    /// setting), then stops them all and drops the schema. `environment` is added to every
    /// instance's.
    static func with<R>(
        instances count: Int = 3, databaseURL: String? = nil, environment extra: [String] = [], _ body: (BalancedServers) async throws -> R
    ) async throws -> R {
        guard let url = databaseURL ?? TestDatabase.url else { throw SetupError("BI_TEST_DATABASE_URL is not set") }
        let schema = TestDatabase.newSchema()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-balanced-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let front = try LoopbackPort.free()
        let ports = try (0..<count).map { _ in try LoopbackPort.free() }
        let masterKey = Data((0..<32).map { _ in UInt8.random(in: .min ... .max) }).base64EncodedString()
        let environment = [
            "BI_DATABASE_URL=\(url)", "BI_DATABASE_SCHEMA=\(schema)", "BI_MASTER_KEY=\(masterKey)",
            "BI_PUBLIC_BASE_URL=http://127.0.0.1:\(front)", "BI_TRUSTED_PROXIES=127.0.0.1", "BI_LOG_LEVEL=warning",
        ] + extra
        var started: [ServerProcess?] = []
        var balancer: SpawnedProcess?
        do {
            // The first makes the schema and the bootstrap admin token; the others find both.
            for index in 0..<count {
                started.append(try await start(index, ports: ports, environment: environment, directory: directory))
            }
            let token = try String(contentsOf: directory.appendingPathComponent("0/admin-token"), encoding: .utf8)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            balancer = try await startBalancer(front: front, ports: ports, directory: directory)
            let servers = BalancedServers(
                baseURL: "http://127.0.0.1:\(front)", adminToken: token, ports: ports, environment: environment, directory: directory,
                instances: started)
            let result = try await body(servers)
            await servers.stopAll()
            balancer?.send(SIGKILL)
            try await TestDatabase.drop(schema, url: url)
            try? FileManager.default.removeItem(at: directory)
            return result
        } catch {
            for instance in started { await instance?.stop() }
            balancer?.send(SIGKILL)
            try? await TestDatabase.drop(schema, url: url)
            throw error
        }
    }

    /// Kills instance `index` with SIGKILL and waits for it to end.
    func kill(_ index: Int) async {
        let instance = instances.withLock { instances in
            defer { instances[index] = nil }
            return instances[index]
        }
        await instance?.stop()
    }

    /// Stops instance `index` as an upgrade would (SIGTERM: it stops being ready, serves on
    /// for its shutdown delay, drains) and starts it again on its port; returns once it answers.
    /// Throws unless it exited cleanly.
    func upgrade(_ index: Int) async throws {
        let instance = instances.withLock { instances in
            defer { instances[index] = nil }
            return instances[index]
        }
        let status = await instance?.terminate()
        guard status == nil || status == 0 else { throw SetupError("instance \(index) exited with status \(status ?? 0) on SIGTERM") }
        try await restart(index)
    }

    /// Starts instance `index` again, on its port; returns once it answers.
    func restart(_ index: Int) async throws {
        let instance = try await Self.start(index, ports: ports, environment: environment, directory: directory)
        instances.withLock { $0[index] = instance }
    }

    /// What HAProxy logged so far: a line per request, with the instance that answered and how it ended.
    func balancerLog() -> String {
        (try? String(contentsOf: directory.appendingPathComponent("haproxy.log"), encoding: .utf8)) ?? ""
    }

    private func stopAll() async {
        for instance in instances.withLock({ $0 }) { await instance?.stop() }
    }

    private static func start(_ index: Int, ports: [Int], environment: [String], directory: URL) async throws -> ServerProcess {
        let data = directory.appendingPathComponent("\(index)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        return try await ServerProcess.start(
            environment + ["BI_DATA_DIRECTORY=\(data.path)"], port: ports[index], log: directory.appendingPathComponent("server-\(index).log"))
    }

    /// HAProxy on `front`, balancing over `ports`; returns once it routes a request.
    private static func startBalancer(front: Int, ports: [Int], directory: URL) async throws -> SpawnedProcess {
        let configuration = directory.appendingPathComponent("haproxy.cfg")
        try haproxyConfiguration(front: front, ports: ports).write(to: configuration, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("haproxy.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = try await SpawnedProcess.start(
            Tool.haproxyPath, ["-db", "-f", configuration.path], output: output.fileDescriptor, error: output.fileDescriptor)
        let client = HTTPTestClient(baseURL: "http://127.0.0.1:\(front)")
        try await eventually(within: .seconds(120), "HAProxy routing to an instance") {
            try? await client.send("GET", "/readyz").status == 200 ? () : nil
        }
        return process
    }

    /// The balancer's configuration: the one docs/operating.md shows, on these ports.
    static func haproxyConfiguration(front: Int, ports: [Int]) -> String {
        """
        global
            # One line per request on standard output (the test reads it back).
            log stdout format raw local0
            maxconn 4096

        defaults
            mode http
            log global
            option httplog
            # The client's address for bi-server's rate limits and audit (BI_TRUSTED_PROXIES).
            option forwardfor
            timeout connect 2s
            timeout client 60s
            # Longer than the longest long poll (25 s).
            timeout server 60s
            # A request whose connection to an instance could not be made (so it was never sent)
            # goes to another. Not `retry-on`: its layer-7 retries would send again a request the
            # dead instance may have applied (a refresh token rotated twice ends its session).
            retries 3
            option redispatch 1
            # The whole request is read before an instance is chosen: a retry has its body to
            # send again, and a slow client holds no instance's connection.
            option http-buffer-request
            # No instance ready (the database failing over, say): the error bi-server itself
            # answers when storage is unavailable, with when to try again.
            http-error status 503 content-type application/json hdr Retry-After 5 string "{\\"error\\":\\"temporarily_unavailable\\",\\"error_description\\":\\"no instance is ready; try again shortly\\"}"

        frontend bi
            bind 127.0.0.1:\(front)
            default_backend instances

        backend instances
            balance roundrobin
            # Ready means its database answers: an instance that cannot reach it leaves the pool.
            option httpchk GET /readyz
            http-check expect status 200
            default-server inter 500ms fall 2 rise 2 observe layer4 error-limit 1 on-error mark-down
        \(ports.enumerated().map { "    server bi\($0.offset) 127.0.0.1:\($0.element) check" }.joined(separator: "\n"))

        """
    }
}
