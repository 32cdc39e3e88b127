import Hummingbird

/// The request context of every route: small bodies only (identity requests are tiny).
struct ServerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage

    init(source: Source) {
        coreContext = .init(source: source)
    }

    /// Larger bodies are refused with `413 payload_too_large`.
    var maxUploadSize: Int { 64 * 1024 }
}
