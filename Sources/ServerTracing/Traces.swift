public import Tracing

/// The spans of the server a task serves. A server sets its tracer for the tasks that serve it
/// (``tracer``); code below records through ``span(_:kind:parent:startsTrace:isolation:_:)`` and never names a
/// backend. With no tracer, tracing is off: a span is then the body alone, and nothing is
/// allocated or recorded.
///
/// The tracer is the server's, not the process's: several servers in one process (tests, `bi
/// demo`) each export to their own collector, or none.
public enum Traces {
    /// The tracer of the server this task serves; `nil` when it does not trace.
    @TaskLocal public static var tracer: (any Tracer)?

    /// Whether the server this task serves records spans.
    public static var isOn: Bool { tracer != nil }

    /// Runs `body` in a new span named `name`, the child of `parent` or else of the current span,
    /// ended when `body` returns; an error `body` throws is recorded on it. Where no span is
    /// current, only work that `startsTrace` (a request, a delivery attempt) records one: the
    /// storage calls of a queue's polling make no traces of their own. When tracing is off, or
    /// no span is made, runs `body` with a span that records nothing.
    public static func span<T>(
        _ name: String, kind: SpanKind = .internal, parent: ServiceContext? = nil, startsTrace: Bool = false,
        isolation: isolated (any Actor)? = #isolation, _ body: (any Span) async throws -> T
    ) async rethrows -> T {
        guard let tracer, let context = parent ?? ServiceContext.current ?? (startsTrace ? .topLevel : nil) else {
            return try await body(idle)
        }
        let span = tracer.startSpan(name, context: context, ofKind: kind)
        defer { span.end() }
        do {
            return try await ServiceContext.$current.withValue(span.context) { try await body(span) }
        } catch {
            span.recordError(RecordedError(error))
            span.setStatus(SpanStatus(code: .error))
            throw error
        }
    }

    /// The synchronous form of ``span(_:kind:parent:startsTrace:isolation:_:)`` for work that never
    /// suspends (a signature), always a child of the current span.
    public static func span<T>(_ name: String, kind: SpanKind = .internal, _ body: (any Span) throws -> T) rethrows -> T {
        guard let tracer, let context = ServiceContext.current else { return try body(idle) }
        let span = tracer.startSpan(name, context: context, ofKind: kind)
        defer { span.end() }
        do {
            return try ServiceContext.$current.withValue(span.context) { try body(span) }
        } catch {
            span.recordError(RecordedError(error))
            span.setStatus(SpanStatus(code: .error))
            throw error
        }
    }

    /// The current span as W3C trace-context fields (`traceparent`, and `tracestate` when there is
    /// one): what an outgoing request carries, or what a sign-in keeps to link its later steps
    /// to. Empty when tracing is off or no span is current.
    public static func currentFields() -> [String: String] {
        guard let tracer, let context = ServiceContext.current else { return [:] }
        var fields: [String: String] = [:]
        tracer.inject(context, into: &fields, using: FieldInjector())
        return fields
    }

    /// The current span's `traceparent`, or `nil` when tracing is off or no span is current.
    public static func currentTraceparent() -> String? {
        currentFields()["traceparent"]
    }

    /// Links the current span (a request's, in a handler) to the span `traceparent` names (see
    /// ``link(_:to:attributes:)``); the link's `bi.link` attribute is `relation` (`sign-in`: a
    /// later step of it).
    public static func linkCurrentSpan(to traceparent: String?, relation: String) {
        guard let tracer, traceparent != nil, let context = ServiceContext.current,
              let span = tracer.activeSpan(identifiedBy: context)
        else { return }
        link(span, to: traceparent, attributes: ["bi.link": .string(relation)])
    }

    /// Links `span` to the span `traceparent` names (one this server recorded earlier, kept with
    /// the work it began), with `attributes` saying how they relate. Does nothing without a
    /// tracer, a `traceparent`, or one that reads.
    public static func link(_ span: any Span, to traceparent: String?, attributes: SpanAttributes = [:]) {
        guard let tracer, let traceparent else { return }
        var context = ServiceContext.topLevel
        tracer.extract(["traceparent": traceparent], into: &context, using: FieldExtractor())
        // A field that read leaves the span it names in the context; one that did not, nothing.
        guard !context.isEmpty else { return }
        span.addLink(SpanLink(context: context, attributes: attributes))
    }

    /// The context a request's span starts from to continue `caller`'s trace: its span as the
    /// parent, with the caller's sampling decision; `nil` when tracing is off.
    public static func context(continuing caller: IncomingTraceContext) -> ServiceContext? {
        guard let tracer else { return nil }
        var context = ServiceContext.topLevel
        tracer.extract(caller.fields, into: &context, using: FieldExtractor())
        return context.isEmpty ? nil : context
    }

    /// What a span is when tracing is off.
    private static let idle = NoOpTracer.NoOpSpan(context: .topLevel)
}

/// An error as a span records it: its type alone. What errors say (a storage error's detail,
/// a database's message) can quote ids and input; a span leaves the server.
private struct RecordedError: Error, CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        description = String(reflecting: type(of: error))
    }
}

/// Writes trace-context fields into a dictionary.
private struct FieldInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
        carrier[key] = value
    }
}

/// Reads trace-context fields from a dictionary.
private struct FieldExtractor: Extractor {
    func extract(key: String, from carrier: [String: String]) -> String? {
        carrier[key]
    }
}
