import Synchronization

/// Whether the server takes new work. It stops being ready when its shutdown begins, so that a
/// balancer checking `/readyz` routes around it while it still serves what was sent to it.
package final class Readiness: Sendable {
    private let draining = Atomic(false)

    package init() {}

    /// Whether the shutdown has begun.
    package var isDraining: Bool { draining.load(ordering: .relaxed) }

    /// Marks the shutdown begun: `/readyz` answers `503` from now on.
    package func beginDraining() { draining.store(true, ordering: .relaxed) }
}
