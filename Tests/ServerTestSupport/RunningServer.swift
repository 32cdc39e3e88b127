package import Foundation
package import Hummingbird
import AdminConsole
import HummingbirdTesting
package import IdentityServer
import IdentityStorage
import Logging
import ServiceLifecycle
package import IdentityServerCore

/// A real `bi-server` in this process: SQLite in a temporary directory (or the PostgreSQL
/// database `BI_TEST_DATABASE_URL` names, when asked), reached either on a free loopback port
/// (``ServerMode/live``) or through its router (``ServerMode/router``).
package final class RunningServer: TestServer {
    package let baseURL: String
    package let adminToken: String
    package let dataDirectory: URL
    /// The server itself: its context and route table.
    package let instance: IdentityServer
    /// The router's test client, in router mode.
    private let router: (any TestClientProtocol)?
    private let group: ServiceGroup?
    private let task: Task<Void, any Error>?

    private init(
        baseURL: String, adminToken: String, dataDirectory: URL, instance: IdentityServer, router: (any TestClientProtocol)? = nil,
        group: ServiceGroup? = nil, task: Task<Void, any Error>? = nil
    ) {
        self.baseURL = baseURL
        self.adminToken = adminToken
        self.dataDirectory = dataDirectory
        self.instance = instance
        self.router = router
        self.group = group
        self.task = task
    }

    /// The public base URL of a server reached through its router (nothing listens there).
    package static let routerBaseURL = "http://bi.test"

    /// Starts a live server and returns once it answers `/healthz`. `adminToken` is for a server
    /// whose database already has one (a second instance); others make a bootstrap token.
    package static func start(
        adminToken: String? = nil, configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> RunningServer {
        let (configuration, directory) = configured(configure)
        let server = try await IdentityServer.prepare(configuration)
        guard let token = server.bootstrapAdminToken ?? adminToken else { throw SetupError("no bootstrap admin token") }
        let (urls, continuation) = AsyncStream.makeStream(of: String.self)
        let group = ServiceGroup(configuration: .init(
            services: [server.service { url in continuation.yield(url) }], logger: configuration.logger))
        let task = Task { try await group.run() }
        guard let url = await urls.first(where: { _ in true }) else { throw SetupError("server did not start") }
        try await HTTPTestClient(baseURL: url).waitUntilHealthy()
        return RunningServer(baseURL: url, adminToken: token, dataDirectory: directory, instance: server, group: group, task: task)
    }

    /// The route table of a server prepared on a fresh data directory (and shut down again).
    package static func routeTable() async throws -> [Router<ServerRequestContext>.RouteDescription] {
        let (configuration, directory) = configured { $0.logger.logLevel = .warning }
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await IdentityServer.prepare(configuration)
        let table = server.routeTable
        try await server.shutdown()
        return table
    }

    /// Asks a live server to stop, as SIGTERM does.
    package func triggerGracefulShutdown() async {
        await group?.triggerGracefulShutdown()
    }

    /// Stops a live server gracefully and removes its data directory.
    package func stop() async {
        await group?.triggerGracefulShutdown()
        _ = try? await task?.value
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// Runs `body` with a fresh server (configured by `configure`, reached as `mode` says) and a
    /// test realm on it, and stops the server however `body` ends.
    package static func withRealm(
        _ mode: ServerMode = .live, configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (RunningServer, TestRealm) async throws -> Void
    ) async throws {
        switch mode {
        case .live:
            let server = try await start(configure: configure)
            do {
                try await body(server, try await TestRealm.create(on: server))
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        case .router:
            let (configuration, directory) = configured {
                $0.publicBaseURL = routerBaseURL
                configure(&$0)
            }
            defer { try? FileManager.default.removeItem(at: directory) }
            let server = try await IdentityServer.prepare(configuration)
            do {
                guard let token = server.bootstrapAdminToken else { throw SetupError("no bootstrap admin token") }
                try await server.application().test(.router) { client in
                    let running = RunningServer(
                        baseURL: routerBaseURL, adminToken: token, dataDirectory: directory, instance: server, router: client)
                    try await body(running, try await TestRealm.create(on: running))
                }
            } catch {
                try? await server.shutdown()
                throw error
            }
            try await server.shutdown()
        }
    }

    /// A client of this server, sending `bearer` as its access token if given.
    package func client(bearer: String? = nil) -> HTTPTestClient {
        HTTPTestClient(baseURL: baseURL, bearer: bearer, router: router)
    }


    private static func configured(
        _ configure: (inout ServerConfiguration) -> Void
    ) -> (ServerConfiguration, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-e2e-\(UUID().uuidString)")
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.dataDirectory = directory
        configuration.logger.logLevel = .warning
        // Commits are not synced to the disk here (SQLite's `synchronous=NORMAL`; FULL, the
        // default, is SQLiteSynchronousTests' and the benchmark's): no test crashes the machine,
        // and the fsyncs of dozens of servers at once made the suite's time-bound tests wait on
        // the disk (a 10 s gap in a run had 36 servers' commit threads waiting on writeback).
        configuration.sqliteSynchronous = .normal
        // The console's tests sign in with admin tokens; ConsoleSessionTests checks the default, off.
        configuration.console.adminTokenSignIn = true
        configure(&configuration)
        return (configuration, directory)
    }
}

/// A failed test precondition.
package struct SetupError: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
