import Logging
import OTel
import ServiceLifecycle
import Tracing

/// The server's tracer and the service that exports what it records: OpenTelemetry's, batching
/// spans to the collector over OTLP/HTTP, flushing them when it stops.
struct TraceBackend: Sendable {
    let tracer: any Tracer
    let service: any Service

    /// The backend `export` describes, its own problems logged to `logger`; `nil` when no
    /// endpoint is set (tracing off). OpenTelemetry's environment variables, read here again by
    /// the backend, also set what no setting covers (the batch processor's `OTEL_BSP_*`).
    static func make(_ export: TraceExport, logger: Logger) throws -> TraceBackend? {
        guard let endpoint = export.endpoint else { return nil }
        var configuration = OTel.Configuration.default
        configuration.serviceName = export.serviceName
        configuration.resourceAttributes = export.resourceAttributes
        configuration.diagnosticLogger = .custom(logger)
        configuration.diagnosticLogLevel = .warning
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.sampler = sampler(export)
        // The base URL's signal path, as the standard's variable means it.
        configuration.traces.otlpExporter.endpoint = endpoint + (endpoint.hasSuffix("/") ? "" : "/") + "v1/traces"
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        configuration.traces.otlpExporter.headers = export.headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        return TraceBackend(tracer: backend.factory, service: backend.service)
    }

    private static func sampler(_ export: TraceExport) -> OTel.Configuration.TracesConfiguration.SamplerConfiguration {
        let ratio = export.samplerRatio
        // The ratio is 0 to 1 (its setting says so), which both ratio samplers take.
        return switch export.sampler {
        case .alwaysOn: .alwaysOn
        case .alwaysOff: .alwaysOff
        case .traceIDRatio: .traceIDRatio(ratio: ratio) ?? .alwaysOn
        case .parentBasedAlwaysOn: .parentBasedAlwaysOn
        case .parentBasedAlwaysOff: .parentBasedAlwaysOff
        case .parentBasedTraceIDRatio: .parentBasedTraceIDRatio(ratio: ratio) ?? .parentBasedAlwaysOn
        }
    }
}
