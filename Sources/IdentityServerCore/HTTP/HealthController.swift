import Foundation
package import Hummingbird
package import IdentityStorage
package import Prometheus

/// `/healthz` (liveness: answers once storage is migrated and the port bound, whatever storage
/// does since), `/readyz` (readiness: storage answers now, else `503`) and, unless it has a
/// listener of its own, `/metrics`.
package struct HealthController {
    package let store: any MaintenanceStore
    /// The registry `/metrics` publishes here; `nil` when it is served elsewhere.
    package let metrics: PrometheusCollectorRegistry?

    package init(store: any MaintenanceStore, metrics: PrometheusCollectorRegistry?) {
        self.store = store
        self.metrics = metrics
    }

    /// `/healthz`'s body, as `JSONResponse.make(["status": "ok"])` writes it, written once.
    private static let ok = Data(#"{"status":"ok"}"#.utf8)

    package func register(on router: some RouterMethods<ServerRequestContext>) {
        router.get("healthz") { _, _ in
            JSONResponse.raw(Self.ok)
        }
        router.get("readyz") { _, _ in
            try await store.ping()
            return try JSONResponse.make(["status": "ready"])
        }
        if let metrics {
            router.get("metrics") { _, _ in MetricsEndpoint.response(metrics) }
        }
    }
}
