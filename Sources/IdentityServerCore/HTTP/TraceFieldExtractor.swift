import HTTPTypes
import Tracing

/// Reads a request's trace-context fields (`traceparent`, `tracestate`) for the tracer.
struct TraceFieldExtractor: Extractor {
    func extract(key: String, from carrier: HTTPFields) -> String? {
        HTTPField.Name(key).flatMap { carrier[$0] }
    }
}
