/// Whose trace a request's span continues when the request carries a `traceparent`. A span that
/// does not continue the caller's trace starts one of its own, linked to the caller's span: a
/// caller then chooses neither the trace id (and so cannot pile unrelated sign-ins into one
/// trace) nor whether the server records it.
public enum TraceParentTrust: String, CaseIterable, Sendable {
    /// Requests that come through a trusted proxy (`trusted_proxies`): the ingress that started
    /// the trace. Anyone else's trace is linked.
    case trustedProxies = "trusted_proxies"
    /// Every caller's (a server reached only by a platform's own services).
    case everyone
    /// Nobody's: every request starts a trace, linked to the caller's.
    case nobody

    /// Whether a request from a trusted proxy (or not) continues its caller's trace.
    package func continues(fromTrustedProxy: Bool) -> Bool {
        switch self {
        case .trustedProxies: fromTrustedProxy
        case .everyone: true
        case .nobody: false
        }
    }
}
