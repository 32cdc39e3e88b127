import Hummingbird
import ServiceLifecycle
import ServerTestSupport

/// A server that answers every request with `200` and a body that is not JSON.
struct GarbageServer: Sendable {
    let baseURL: String
    private let group: ServiceGroup
    private let task: Task<Void, any Error>

    static func start() async throws -> GarbageServer {
        let router = Router()
        router.get("**") { _, _ in "<html>not the protocol</html>" }
        router.post("**") { _, _ in "<html>not the protocol</html>" }
        let (urls, continuation) = AsyncStream.makeStream(of: String.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield("http://127.0.0.1:\(channel.localAddress?.port ?? 0)") })
        let group = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
        let task = Task { try await group.run() }
        guard let url = await urls.first(where: { _ in true }) else { throw SetupError("garbage server did not start") }
        return GarbageServer(baseURL: url, group: group, task: task)
    }

    func stop() async {
        await group.triggerGracefulShutdown()
        _ = try? await task.value
    }
}
