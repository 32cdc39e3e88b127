import Foundation
import Glibc
import ServerTestSupport
import Synchronization
import TestProcessSupport

/// A highly available PostgreSQL as operators run it: a primary and a synchronous standby,
/// each managed by Patroni, with etcd holding the leader key, and HAProxy in front sending
/// connections to whichever node Patroni's REST API says is the primary (`GET /primary`).
/// ``url`` is HAProxy's address. ``killPrimary()`` kills the primary's node as a machine dies
/// (Patroni and the postmaster, SIGKILL): once its leader key lapses (10 s) the standby, which
/// has every committed transaction (synchronous replication), is promoted.
final class PatroniCluster: Sendable {
    /// The database's URL, through HAProxy.
    let url: String
    private let directory: URL
    private let restPorts: [Int]
    private let processes: Mutex<[SpawnedProcess?]>

    private init(url: String, directory: URL, restPorts: [Int], processes: [SpawnedProcess?]) {
        (self.url, self.directory, self.restPorts) = (url, directory, restPorts)
        self.processes = Mutex(processes)
    }

    /// Runs `body` with etcd, two Patroni nodes and HAProxy started, once the cluster has a
    /// primary and a synchronous standby; stops everything after.
    static func with<R>(_ body: (PatroniCluster) async throws -> R) async throws -> R {
        guard let binaries = Tool.postgresBinaries else { throw SetupError("PostgreSQL is not installed") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-patroni-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // PostgreSQL refuses to run as root: its nodes run as `postgres`, owning their directory.
        let asPostgres = getuid() == 0
        if asPostgres { try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: directory.path) }
        let (etcdClient, etcdPeer, front) = (try LoopbackPort.free(), try LoopbackPort.free(), try LoopbackPort.free())
        let (pgPorts, restPorts) = (try [LoopbackPort.free(), LoopbackPort.free()], try [LoopbackPort.free(), LoopbackPort.free()])
        var started: [SpawnedProcess?] = []
        do {
            started.append(try await start(Tool.etcdPath, [
                "--data-dir", directory.appendingPathComponent("etcd").path,
                "--listen-client-urls", "http://127.0.0.1:\(etcdClient)", "--advertise-client-urls", "http://127.0.0.1:\(etcdClient)",
                "--listen-peer-urls", "http://127.0.0.1:\(etcdPeer)", "--initial-advertise-peer-urls", "http://127.0.0.1:\(etcdPeer)",
                "--initial-cluster", "default=http://127.0.0.1:\(etcdPeer)",
            ], log: directory.appendingPathComponent("etcd.log")))
            for node in 0..<2 {
                let configuration = directory.appendingPathComponent("pg\(node).yml")
                try nodeConfiguration(
                    node: node, pgPort: pgPorts[node], restPort: restPorts[node], etcd: etcdClient, binaries: binaries,
                    directory: directory
                ).write(to: configuration, atomically: true, encoding: .utf8)
                let patroni = [Tool.patroniPath, configuration.path]
                started.append(try await start(
                    asPostgres ? "/usr/bin/setpriv" : patroni[0],
                    asPostgres ? ["--reuid=postgres", "--regid=postgres", "--init-groups", "--"] + patroni : [patroni[1]],
                    log: directory.appendingPathComponent("pg\(node).log")))
            }
            let balancer = directory.appendingPathComponent("haproxy.cfg")
            try haproxyConfiguration(front: front, pgPorts: pgPorts, restPorts: restPorts).write(to: balancer, atomically: true, encoding: .utf8)
            started.append(try await start(Tool.haproxyPath, ["-db", "-f", balancer.path], log: directory.appendingPathComponent("haproxy.log")))
            let cluster = PatroniCluster(
                url: "postgres://postgres:postgres@127.0.0.1:\(front)/postgres", directory: directory, restPorts: restPorts,
                processes: started)
            try await cluster.waitForSynchronousStandby()
            let result = try await body(cluster)
            await cluster.stop()
            return result
        } catch {
            let cluster = PatroniCluster(url: "", directory: directory, restPorts: restPorts, processes: started)
            await cluster.stop()
            throw error
        }
    }

    /// Kills the primary's node (its Patroni and its postmaster, SIGKILL), as a machine dies.
    func killPrimary() async throws {
        let primary = try await eventually(within: .seconds(60), "a primary to kill") { try await self.primary() }
        let patroni = processes.withLock { processes in
            defer { processes[1 + primary] = nil }
            return processes[1 + primary]
        }
        patroni?.send(SIGKILL)
        _ = await patroni?.exitStatus()
        let pidFile = directory.appendingPathComponent("pg\(primary)/postmaster.pid")
        if let postmaster = try? String(contentsOf: pidFile, encoding: .utf8).split(separator: "\n").first.flatMap({ pid_t($0) }) {
            Glibc.kill(postmaster, SIGKILL)
        }
    }

    /// The node Patroni says is the primary now, if one is.
    private func primary() async throws -> Int? {
        for (node, port) in restPorts.enumerated() where (try? await HTTPTestClient(baseURL: "http://127.0.0.1:\(port)").send("GET", "/primary").status) == 200 {
            return node
        }
        return nil
    }

    /// Waits until one node leads and the other is its synchronous standby.
    private func waitForSynchronousStandby() async throws {
        try await eventually(within: .seconds(180), "Patroni electing a primary and a synchronous standby") {
            let cluster = try? await HTTPTestClient(baseURL: "http://127.0.0.1:\(self.restPorts[0])").send("GET", "/cluster")
            let roles = Set((cluster?.json["members"] as? [[String: Any]] ?? []).compactMap { $0["role"] as? String })
            return roles == ["leader", "sync_standby"] ? () : nil
        }
    }

    private func stop() async {
        let running = processes.withLock { $0 }
        for process in running.reversed() {
            process?.send(SIGKILL)
            _ = await process?.exitStatus()
        }
        // A postmaster whose Patroni died outlives it.
        for node in 0..<2 {
            let pidFile = directory.appendingPathComponent("pg\(node)/postmaster.pid")
            if let postmaster = try? String(contentsOf: pidFile, encoding: .utf8).split(separator: "\n").first.flatMap({ pid_t($0) }) {
                Glibc.kill(postmaster, SIGKILL)
            }
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func start(_ executable: String, _ arguments: [String], log: URL) async throws -> SpawnedProcess {
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        return try await SpawnedProcess.start(executable, arguments, output: output.fileDescriptor, error: output.fileDescriptor)
    }

    /// One node's Patroni configuration: a 10 s leader key, synchronous replication (a standby
    /// is promoted only if it has every transaction the primary acknowledged), no passwords on
    /// loopback.
    private static func nodeConfiguration(
        node: Int, pgPort: Int, restPort: Int, etcd: Int, binaries: String, directory: URL
    ) -> String {
        """
        scope: bi
        name: pg\(node)
        log: {level: WARNING}
        restapi: {listen: "127.0.0.1:\(restPort)", connect_address: "127.0.0.1:\(restPort)"}
        etcd3: {hosts: "127.0.0.1:\(etcd)"}
        bootstrap:
          dcs:
            ttl: 10
            loop_wait: 1
            retry_timeout: 3
            synchronous_mode: true
            postgresql:
              parameters: {max_connections: 200}
          initdb: [{encoding: UTF8}]
          pg_hba:
            - local all all trust
            - host replication replicator 127.0.0.1/32 trust
            - host all all 127.0.0.1/32 trust
        postgresql:
          listen: "127.0.0.1:\(pgPort)"
          connect_address: "127.0.0.1:\(pgPort)"
          data_dir: \(directory.appendingPathComponent("pg\(node)").path)
          bin_dir: \(binaries)
          pgpass: \(directory.appendingPathComponent("pg\(node).pgpass").path)
          authentication:
            superuser: {username: postgres, password: postgres}
            replication: {username: replicator, password: replicator}
          parameters: {unix_socket_directories: "\(directory.path)"}

        """
    }

    /// HAProxy in TCP mode, as Patroni's documentation sets it up: the node whose REST API
    /// answers `GET /primary` with 200 gets the connections; when it stops doing so, the
    /// connections to it are closed, so clients reconnect to the new primary.
    private static func haproxyConfiguration(front: Int, pgPorts: [Int], restPorts: [Int]) -> String {
        """
        global
            maxconn 1000
        defaults
            mode tcp
            timeout connect 2s
            timeout client 30m
            timeout server 30m
            timeout check 2s
        listen primary
            bind 127.0.0.1:\(front)
            option httpchk GET /primary
            http-check expect status 200
            default-server inter 500ms fall 2 rise 2 on-marked-down shutdown-sessions
        \((0..<2).map { "    server pg\($0) 127.0.0.1:\(pgPorts[$0]) check port \(restPorts[$0])" }.joined(separator: "\n"))

        """
    }
}
