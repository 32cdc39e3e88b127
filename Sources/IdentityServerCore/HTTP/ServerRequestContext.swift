package import Hummingbird
import IdentityProtocol

/// The request context of every route: small bodies only (identity requests are tiny), the
/// client's address for rate limits, and what a feature's middleware learned for its handlers
/// (on admin and console routes, who is calling) in ``slots``.
package struct ServerRequestContext: RequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The peer's IP address (the proxy's, behind one).
    package let peerAddress: String?
    /// The client's IP address: the peer's, or behind a trusted proxy the nearest
    /// `X-Forwarded-For` hop that is not one (see ``TrustedProxies``). ``RequestLogMiddleware``
    /// resolves it once per request; until then it is the peer's.
    package var clientAddress: String?
    /// Whether the peer is a trusted proxy, so that the headers it adds can be believed (set
    /// with ``clientAddress``).
    package var peerIsTrustedProxy = false
    /// The request's id (see ``RequestLogMiddleware``), for audit events.
    package var requestID: String?
    /// What the handlers learned for the request log.
    package let facts = RequestFacts()
    /// What features' middleware attached to the request, each under a key the feature owns.
    package var slots = RequestSlots()

    package init(source: Source) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
        clientAddress = peerAddress
    }

    /// Larger bodies are refused with `413 payload_too_large`.
    package var maxUploadSize: Int { 64 * 1024 }
}
