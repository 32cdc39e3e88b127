import IdentityServerCore
import Logging
import ServiceLifecycle

/// The first step of a server's shutdown: it stops being ready (`/readyz` answers `503`) and
/// serves on for `delay`, so balancers take it out of their pool before it stops taking
/// requests (as Quarkus's `shutdown.delay`, or a Kubernetes pre-stop hook). Registered after the
/// server in its group, which stops services last to first.
struct ShutdownDelay: Service {
    let readiness: Readiness
    let delay: Duration
    let logger: Logger

    func run() async throws {
        // Returns when the shutdown begins (throws if the group is cancelled instead).
        try await gracefulShutdown()
        readiness.beginDraining()
        guard delay > .zero else { return }
        logger.info("not ready; stopping after the shutdown delay", metadata: ["delay": "\(delay)"])
        try? await Task.sleep(for: delay)
    }
}
