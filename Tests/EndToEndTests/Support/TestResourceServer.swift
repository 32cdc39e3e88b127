import BeyondIdentityHummingbird
import BeyondIdentityResourceServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import ServiceLifecycle
import ServerTestSupport

/// A Swift backend protected by ``AccessTokenMiddleware``, on a loopback port: `GET /orders`
/// answers the verified token's subject.
enum TestResourceServer {
    /// The request context of the protected routes.
    struct Context: AccessTokenRequestContext {
        var coreContext: CoreRequestContextStorage
        var accessToken: VerifiedAccessToken?

        init(source: ApplicationRequestContextSource) {
            coreContext = .init(source: source)
        }
    }

    /// Runs `body` with the server's base URL while it serves, verifying with `verifier`.
    static func with(_ verifier: AccessTokenVerifier, _ body: (String) async throws -> Void) async throws {
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        // The middleware needs the public base URL before the port is known: the router reads it when it runs.
        let baseURL = BaseURLBox()
        let router = Router(context: Context.self)
        router.group("orders")
            .add(middleware: LazyAccessTokenMiddleware(verifier: verifier, baseURL: baseURL))
            .get { _, context in try context.requireAccessToken().subject }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) })
        // Stopped gracefully, never cancelled: cancelling a Hummingbird server drops the
        // connections it accepted but had not served yet, and NIO traps on each of them
        // ("Deinited NIOAsyncWriter without calling finish()", apple/swift-nio#3481).
        let group = ServiceGroup(configuration: .init(services: [app], logger: app.logger))
        let task = Task { try await group.run() }
        func stop() async {
            await group.triggerGracefulShutdown()
            _ = try? await task.value
        }
        guard let port = await ports.first(where: { _ in true }) else {
            await stop()
            throw SetupError("the resource server did not start")
        }
        baseURL.value = "http://127.0.0.1:\(port)"
        do {
            try await body(baseURL.value)
        } catch {
            await stop()
            throw error
        }
        await stop()
    }
}

/// The verifier's way to the issuer in tests: the default's `URLSession`, with a deadline a
/// machine running every suite at once meets (the default's 10 seconds is for production,
/// where a slow issuer should be answered with `503` soon).
let patientIssuerFetch: IssuerFetch = { request in
    let (data, response) = try await PatientIssuerSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}

private enum PatientIssuerSession {
    static let shared: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 120
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()
}

/// The resource server's base URL, known once its port is bound.
final class BaseURLBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = ""

    var value: String {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// ``AccessTokenMiddleware`` made for each request with the base URL of the moment (the test
/// server's port is chosen by the OS after the router is built).
struct LazyAccessTokenMiddleware: RouterMiddleware {
    typealias Context = TestResourceServer.Context
    let verifier: AccessTokenVerifier
    let baseURL: BaseURLBox

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        try await AccessTokenMiddleware<Context>(verifier: verifier, publicBaseURL: baseURL.value).handle(request, context: context, next: next)
    }
}
