package import Prometheus

/// Counters of security events, published at `/metrics` with their help text.
package struct ServerMetrics: Sendable {
    package let credentialsBound: Counter
    package let authenticationsSucceeded: Counter
    package let authenticationsFailed: Counter
    package let tokensIssued: Counter
    package let codeReplays: Counter
    package let refreshTokenReplays: Counter
    /// Requests answered 503 because storage was unavailable.
    package let storageUnavailable: Counter
    private let registry: PrometheusCollectorRegistry

    package init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        credentialsBound = registry.makeCounter(
            name: "bi_credentials_bound_total", help: "Device credentials bound (enrollment, recovery, second devices).")
        authenticationsSucceeded = registry.makeCounter(
            name: "bi_authentications_succeeded_total", help: "Sign-ins a device answered with a valid signature.")
        authenticationsFailed = registry.makeCounter(
            name: "bi_authentications_failed_total", help: "Device sign-in answers refused (signature, certificate, state).")
        tokensIssued = registry.makeCounter(name: "bi_tokens_issued_total", help: "Token responses issued by the token endpoint.")
        codeReplays = registry.makeCounter(
            name: "bi_authorization_code_replays_total", help: "Authorization codes presented again after their use (RFC 6749 §4.1.2).")
        refreshTokenReplays = registry.makeCounter(
            name: "bi_refresh_token_replays_total", help: "Rotated refresh tokens presented again (the session is then revoked).")
        storageUnavailable = registry.makeCounter(
            name: "bi_storage_unavailable_total", help: "Requests answered 503 because the database could not be used.")
    }

    private static var refusals: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "bi", subsystem: "requests", metricName: "refused", unitName: "total",
            helpText: "Requests refused with a 4xx error, by route template and error code (invalid_grant, access_denied, …).")
    }

    private static var adminRefusals: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "bi", subsystem: "admin", metricName: "refused", unitName: "total",
            helpText: "Admin API calls refused, by reason (missing_token, unknown_token, expired_token, revoked_token, other_tenant, server_wide, role).")
    }

    /// Counts an admin call refused for `reason`.
    package func adminRefused(reason: String) {
        registry.makeCounter(descriptor: Self.adminRefusals, labels: [("reason", reason)]).increment()
    }

    /// Counts a request refused with `error` on `route` (a route template, so labels stay bounded).
    package func refused(route: String, error: String) {
        registry.makeCounter(descriptor: Self.refusals, labels: [("route", route), ("error", error)]).increment()
    }
}
