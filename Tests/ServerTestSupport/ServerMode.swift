/// How a test reaches the server: through its router in this process (fast: no port, no
/// sockets) or as a live server on a loopback port. Tests that speak plain HTTP run in both.
package enum ServerMode: String, Sendable, CaseIterable, CustomStringConvertible {
    case router
    case live

    package var description: String { rawValue }
}
