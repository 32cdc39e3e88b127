package import Hummingbird
package import Logging
package import Prometheus

/// `/metrics`: the registry in Prometheus's text format, on the main port or on a listener of
/// its own.
package enum MetricsEndpoint {
    /// The registry's current text.
    package static func response(_ registry: PrometheusCollectorRegistry) -> Response {
        var text = [UInt8]()
        registry.emit(into: &text)
        return Response(
            status: .ok, headers: [.contentType: "text/plain; version=0.0.4"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
    }

    /// A listener on `address` that serves `/metrics` (and `HEAD`) only.
    package static func application(_ registry: PrometheusCollectorRegistry, on address: ListenAddress, logger: Logger) -> some ApplicationProtocol {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.get("metrics") { _, _ in response(registry) }
        return Application(
            router: router, configuration: .init(address: .hostname(address.host, port: address.port), serverName: "bi-server"),
            logger: logger)
    }
}
