import Foundation
package import Hummingbird
package import IdentityStorage
package import Prometheus

/// `/healthz` (liveness: answers once storage is migrated and the port bound, whatever storage
/// does since), `/readyz` (readiness: storage answers now and the server is not shutting down,
/// else `503`) and, unless it has a listener of its own, `/metrics`.
package struct HealthController {
    package let store: any MaintenanceStore
    package let readiness: Readiness
    /// The registry `/metrics` publishes here; `nil` when it is served elsewhere.
    package let metrics: PrometheusCollectorRegistry?

    package init(store: any MaintenanceStore, readiness: Readiness, metrics: PrometheusCollectorRegistry?) {
        self.store = store
        self.readiness = readiness
        self.metrics = metrics
    }

    /// `/healthz`'s body, as `JSONResponse.make(["status": "ok"])` writes it, written once.
    private static let ok = Data(#"{"status":"ok"}"#.utf8)

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.get("healthz") { _, _ in
            JSONResponse.raw(Self.ok)
        }
        router.get("readyz") { _, _ in
            if readiness.isDraining { return try JSONResponse.make(["status": "shutting_down"], status: .serviceUnavailable) }
            try await store.ping()
            return try JSONResponse.make(["status": "ready"])
        }
        if let metrics {
            router.get("metrics") { _, _ in MetricsEndpoint.response(metrics) }
        }
    }
}
