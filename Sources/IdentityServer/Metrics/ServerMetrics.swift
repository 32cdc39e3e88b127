import Prometheus

/// Counters of security events, published at `/metrics`.
struct ServerMetrics: Sendable {
    let credentialsBound: Counter
    let authenticationsSucceeded: Counter
    let authenticationsFailed: Counter
    let tokensIssued: Counter
    let codeReplays: Counter
    let refreshTokenReplays: Counter
    /// Requests answered 503 because storage was unavailable.
    let storageUnavailable: Counter

    init(registry: PrometheusCollectorRegistry) {
        credentialsBound = registry.makeCounter(name: "bi_credentials_bound_total")
        authenticationsSucceeded = registry.makeCounter(name: "bi_authentications_succeeded_total")
        authenticationsFailed = registry.makeCounter(name: "bi_authentications_failed_total")
        tokensIssued = registry.makeCounter(name: "bi_tokens_issued_total")
        codeReplays = registry.makeCounter(name: "bi_authorization_code_replays_total")
        refreshTokenReplays = registry.makeCounter(name: "bi_refresh_token_replays_total")
        storageUnavailable = registry.makeCounter(name: "bi_storage_unavailable_total")
    }
}
