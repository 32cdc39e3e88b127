import Hummingbird

/// The request context of every route: small bodies only (identity requests are tiny), and
/// the client's address for rate limits.
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's IP address (the proxy's, behind one; see ``TrustedProxies``).
    let clientAddress: String?

    init(source: Source) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress
    }

    /// Larger bodies are refused with `413 payload_too_large`.
    var maxUploadSize: Int { 64 * 1024 }
}
