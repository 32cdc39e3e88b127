/// A server the tests talk to over HTTP: one in this process (``RunningServer``), or several
/// `bi-server` processes behind a load balancer (``BalancedServers``).
package protocol TestServer: Sendable {
    /// The URL clients use (the balancer's, for several instances).
    var baseURL: String { get }
    var adminToken: String { get }
    /// A client of ``baseURL``, sending `bearer` when given.
    func client(bearer: String?) -> HTTPTestClient
}

extension TestServer {
    package func client() -> HTTPTestClient { client(bearer: nil) }

    /// A client for the admin API.
    package var admin: HTTPTestClient { client(bearer: adminToken) }
}
