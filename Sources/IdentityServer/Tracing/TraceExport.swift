public import IdentityServerCore

/// Where and how the server exports its spans: OTLP over HTTP to a collector, off until an
/// endpoint is set. Each setting has OpenTelemetry's standard environment variable.
public struct TraceExport: Sendable {
    /// The collector's base URL (spans go to `/v1/traces` under it); `nil` turns tracing off.
    public var endpoint: String?
    /// `http/protobuf`, the one protocol offered (see ``settings``).
    public var encoding = "http/protobuf"
    /// Header fields sent with every export (`name=value,…`, values percent-encoded): a
    /// collector's credentials.
    public var headers: [String: String] = [:]
    /// The service the spans are of.
    public var serviceName = "bi-server"
    /// More resource attributes (`key=value,…`): `deployment.environment.name=prod`.
    public var resourceAttributes: [String: String] = [:]
    /// Which traces are recorded.
    public var sampler = TraceSampler.parentBasedAlwaysOn
    /// The ratio of traces the `traceidratio` samplers record, 0 to 1.
    public var samplerRatio = 1.0
    /// Whose `traceparent` a request's span continues (the others' are linked).
    public var continueFrom = TraceParentTrust.trustedProxies

    public init() {}

    static let settings: [Setting<TraceExport>] = [
        Setting(
            "traces.endpoint", \.endpoint, .optionalBaseURL, environment: "OTEL_EXPORTER_OTLP_ENDPOINT",
            help: "The OpenTelemetry collector's OTLP/HTTP base URL (spans are posted to /v1/traces under it); unset, nothing is traced."),
        // http/json is left out: swift-otel writes its ids in base64 where OTLP/JSON has hex, and
        // the OpenTelemetry Collector refuses such exports.
        Setting(
            "traces.protocol", \.encoding,
            .choice(["http/protobuf"], refusing: [
                "http/json": "http/json is not offered: its trace ids would be written in base64, which collectors refuse",
                "grpc": "grpc is not offered: OTLP over HTTP only",
            ]),
            environment: "OTEL_EXPORTER_OTLP_PROTOCOL",
            help: "How spans are sent: http/protobuf, OTLP over HTTP (neither http/json nor grpc is offered)."),
        Setting(
            "traces.headers", \.headers, .keyValuePairs, secret: true, environment: "OTEL_EXPORTER_OTLP_HEADERS",
            help: "Header fields sent to the collector, name=value,… (values percent-encoded): its credentials."),
        Setting("traces.service_name", \.serviceName, .text, environment: "OTEL_SERVICE_NAME", help: "The service name on every span."),
        Setting(
            "traces.resource_attributes", \.resourceAttributes, .keyValuePairs, environment: "OTEL_RESOURCE_ATTRIBUTES",
            help: "More resource attributes, key=value,…: deployment.environment.name=production,service.instance.id=a."),
        Setting(
            "traces.sampler", \.sampler, .cases, environment: "OTEL_TRACES_SAMPLER",
            help: "Which traces are recorded: parentbased_always_on follows the caller's choice and records the rest."),
        Setting(
            "traces.sampler_arg", \.samplerRatio, .fraction, environment: "OTEL_TRACES_SAMPLER_ARG",
            help: "The share of traces the traceidratio samplers record, 0 to 1."),
        Setting(
            "traces.continue_from", \.continueFrom, .cases,
            help: "Whose traceparent a request's span continues: trusted_proxies, everyone or nobody. Other callers' traces are linked, not continued: they choose neither the trace id nor whether it is recorded."),
    ]
}
