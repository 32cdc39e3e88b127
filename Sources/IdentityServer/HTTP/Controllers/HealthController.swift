import Hummingbird
import IdentityStorage
import Prometheus

/// `/healthz` (liveness: answers once storage is migrated and the port bound, whatever storage
/// does since), `/readyz` (readiness: storage answers now, else `503`) and `/metrics`.
struct HealthController {
    let store: any IdentityStore
    let metrics: PrometheusCollectorRegistry

    func register(on router: some RouterMethods<ServerRequestContext>) {
        router.get("healthz") { _, _ in
            try JSONResponse.make(["status": "ok"])
        }
        router.get("readyz") { _, _ in
            try await store.ping()
            return try JSONResponse.make(["status": "ready"])
        }
        router.get("metrics") { _, _ in
            var text = [UInt8]()
            metrics.emit(into: &text)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
        }
    }
}
