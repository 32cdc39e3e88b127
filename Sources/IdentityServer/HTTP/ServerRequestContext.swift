import Hummingbird
import IdentityProtocol

/// The request context of every route: small bodies only (identity requests are tiny), the
/// client's address for rate limits, and (on admin and console routes) who is calling.
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address (the proxy's, behind one).
    let peerAddress: String?
    /// The client's IP address: the peer's, or behind a trusted proxy the nearest
    /// `X-Forwarded-For` hop that is not one (see ``TrustedProxies``). ``RequestLogMiddleware``
    /// resolves it once per request; until then it is the peer's.
    var clientAddress: String?
    /// Whether the peer is a trusted proxy, so that the headers it adds can be believed (set
    /// with ``clientAddress``).
    var peerIsTrustedProxy = false
    /// The request's id (see ``RequestLogMiddleware``), for audit events.
    var requestID: String?
    /// What the handlers learned for the request log.
    let facts = RequestFacts()
    /// The administrator the admin middleware authenticated; `nil` elsewhere.
    var admin: AdminPrincipal?
    /// The console session and form the console middleware checked; `nil` elsewhere.
    var console: ConsoleRequest?

    init(source: Source) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
        clientAddress = peerAddress
    }

    /// Larger bodies are refused with `413 payload_too_large`.
    var maxUploadSize: Int { 64 * 1024 }

    /// The authenticated administrator; `401 unauthorized` when there is none.
    func requireAdmin() throws -> AdminPrincipal {
        guard let admin else { throw ServerError(APIErrorCode.unauthorized, "a valid admin token is required") }
        return admin
    }
}
