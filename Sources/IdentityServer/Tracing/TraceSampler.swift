/// Which traces are recorded (`OTEL_TRACES_SAMPLER`): OpenTelemetry's samplers that need nothing
/// remote. The `parentbased_` ones follow the sampling decision of a trace they continue.
public enum TraceSampler: String, CaseIterable, Sendable {
    case alwaysOn = "always_on"
    case alwaysOff = "always_off"
    /// The share `OTEL_TRACES_SAMPLER_ARG` says, by trace id.
    case traceIDRatio = "traceidratio"
    case parentBasedAlwaysOn = "parentbased_always_on"
    case parentBasedAlwaysOff = "parentbased_always_off"
    case parentBasedTraceIDRatio = "parentbased_traceidratio"
}
