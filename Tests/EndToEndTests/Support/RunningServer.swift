import Foundation
import IdentityServer
import ServiceLifecycle

/// A real `bi-server` in this process: SQLite in a temporary directory (or the PostgreSQL
/// database `BI_TEST_DATABASE_URL` names, when asked), listening on a free loopback port.
final class RunningServer: Sendable {
    let baseURL: String
    let adminToken: String
    let dataDirectory: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    private init(baseURL: String, adminToken: String, dataDirectory: URL, group: ServiceGroup, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.adminToken = adminToken
        self.dataDirectory = dataDirectory
        self.group = group
        self.task = task
    }

    /// Starts a server and returns once it answers `/healthz`. `adminToken` is for a server
    /// whose database already has one (a second instance); others make a bootstrap token.
    static func start(
        adminToken: String? = nil, configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> RunningServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-e2e-\(UUID().uuidString)")
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.dataDirectory = directory
        configuration.logger.logLevel = .warning
        configure(&configuration)
        let server = try await IdentityServer.prepare(configuration)
        guard let token = server.bootstrapAdminToken ?? adminToken else { throw SetupError("no bootstrap admin token") }
        let (urls, continuation) = AsyncStream.makeStream(of: String.self)
        let group = ServiceGroup(configuration: .init(
            services: [server.service { url in continuation.yield(url) }], logger: configuration.logger))
        let task = Task { try await group.run() }
        guard let url = await urls.first(where: { _ in true }) else { throw SetupError("server did not start") }
        try await HTTPTestClient(baseURL: url).waitUntilHealthy()
        return RunningServer(baseURL: url, adminToken: token, dataDirectory: directory, group: group, task: task)
    }

    /// Stops the server gracefully and removes its data directory.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// Runs `body` with a fresh server (configured by `configure`) and a test realm on it, and
    /// stops the server however `body` ends.
    static func withRealm(
        configure: (inout ServerConfiguration) -> Void = { _ in },
        _ body: (RunningServer, TestRealm) async throws -> Void
    ) async throws {
        let server = try await start(configure: configure)
        do {
            try await body(server, try await TestRealm.create(on: server))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// A client for this server's admin API.
    var admin: HTTPTestClient { HTTPTestClient(baseURL: baseURL, bearer: adminToken) }
}

/// A failed test precondition.
struct SetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
