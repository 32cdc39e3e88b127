import Hummingbird
import Prometheus

/// `/healthz` (answers once storage is migrated and the port bound) and `/metrics`.
struct HealthController {
    let metrics: PrometheusCollectorRegistry

    func register(on router: Router<ServerRequestContext>) {
        router.get("healthz") { _, _ in
            try JSONResponse.make(["status": "ok"])
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
