import Foundation
import IdentityServer
import Logging
import ServiceLifecycle
import IdentityServerCore

/// A `bi-server` inside the demo process: SQLite in a temporary directory, a free loopback port.
struct DemoServer: Sendable {
    let baseURL: String
    let adminToken: String
    let dataDirectory: URL
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    static func start() async throws -> DemoServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bi-demo-\(UUID().uuidString)")
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.dataDirectory = directory
        configuration.logger.logLevel = .error
        let server = try await IdentityServer.prepare(configuration)
        guard let token = server.bootstrapAdminToken else { throw CLIError("the demo server has no admin token") }
        let (urls, continuation) = AsyncStream.makeStream(of: String.self)
        let group = ServiceGroup(configuration: .init(
            services: [server.service { continuation.yield($0) }], logger: configuration.logger))
        let task = Task { try await group.run() }
        guard let url = await urls.first(where: { _ in true }) else { throw CLIError("the demo server did not start") }
        return DemoServer(baseURL: url, adminToken: token, dataDirectory: directory, group: group, task: task)
    }

    /// The enrollment link in the newest email of the outbox, once there is one (the server sends
    /// it from its mail queue, in the background).
    func linkFromNewestEmail() async throws -> String {
        let outbox = dataDirectory.appendingPathComponent("outbox")
        let deadline = ContinuousClock.now + .seconds(30)
        var newest: String? { (try? FileManager.default.contentsOfDirectory(atPath: outbox.path))?.filter { $0.hasSuffix(".eml") }.sorted().last }
        while newest == nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        guard let newest else { throw CLIError("no enrollment email reached the outbox") }
        let message = try String(contentsOf: outbox.appendingPathComponent(newest), encoding: .utf8)
        guard let range = message.range(of: #"http://[^\s]+/v1/bind\?token=[A-Za-z0-9_\-]+"#, options: .regularExpression) else {
            throw CLIError("no enrollment link in \(newest)")
        }
        return String(message[range])
    }

    /// Stops the server and removes its data.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
        try? FileManager.default.removeItem(at: dataDirectory)
    }
}
