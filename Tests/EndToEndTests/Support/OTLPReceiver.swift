import Foundation
import TestProcessSupport
import ServerTestSupport

/// `ThirdParty/otlp_receiver.py`, an OTLP/HTTP trace receiver decoding with the collector's own
/// protobuf definitions, started for one test on a free loopback port; the spans it took are read
/// back from its directory. Tests that start it ask for `.requires(.otelproto)`.
final class OTLPReceiver: @unchecked Sendable {
    private let helper: PortFileProcess

    /// The base URL a server exports to (`OTEL_EXPORTER_OTLP_ENDPOINT`).
    var endpoint: String { "http://127.0.0.1:\(helper.port)" }

    /// One span received.
    struct Span: @unchecked Sendable {
        let traceID: String
        let spanID: String
        let parentSpanID: String
        let name: String
        /// OTLP's kind: `SPAN_KIND_SERVER`, `SPAN_KIND_CLIENT`, `SPAN_KIND_INTERNAL`.
        let kind: String
        let attributes: [String: Any]
        /// The spans it links to: trace id, span id and the link's attributes.
        let links: [(traceID: String, spanID: String, attributes: [String: Any])]
        /// Its events' names and attributes (a recorded error's `exception.type`, `exception.message`).
        let events: [(name: String, attributes: [String: Any])]
        let resource: [String: Any]
    }

    /// Runs `body` with a receiver, and stops it after.
    static func with<R>(_ body: (OTLPReceiver) async throws -> R) async throws -> R {
        try await PortFileProcess.with(script: "otlp_receiver.py", prefix: "bi-otlp", name: "OTLP receiver") { helper in
            try await body(OTLPReceiver(helper: helper))
        }
    }

    private init(helper: PortFileProcess) {
        self.helper = helper
    }

    /// Every span so far.
    func spans() throws -> [Span] {
        let file = helper.directory.appendingPathComponent("spans.jsonl")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return try text.split(separator: "\n").map { line in
            let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            let links = (record["links"] as? [[String: Any]] ?? []).map { link in
                (traceID: link["trace_id"] as? String ?? "", spanID: link["span_id"] as? String ?? "",
                 attributes: link["attributes"] as? [String: Any] ?? [:])
            }
            return Span(
                traceID: record["trace_id"] as? String ?? "", spanID: record["span_id"] as? String ?? "",
                parentSpanID: record["parent_span_id"] as? String ?? "", name: record["name"] as? String ?? "",
                kind: record["kind"] as? String ?? "", attributes: record["attributes"] as? [String: Any] ?? [:], links: links,
                events: (record["events"] as? [[String: Any]] ?? []).map { event in
                    (name: event["name"] as? String ?? "", attributes: event["attributes"] as? [String: Any] ?? [:])
                },
                resource: record["resource"] as? [String: Any] ?? [:])
        }
    }

    /// Every text a span holds: its name, its attributes' values, its events' names and values.
    static func texts(of span: Span) -> [String] {
        [span.name] + span.attributes.values.map { "\($0)" }
            + span.events.flatMap { event in [event.name] + event.attributes.values.map { "\($0)" } }
    }

    /// Waits until `condition` holds for the spans received; returns them.
    func wait(_ what: String, until condition: @escaping ([Span]) -> Bool) async throws -> [Span] {
        try await eventually(what) { () throws -> [Span]? in
            let spans = try spans()
            return condition(spans) ? spans : nil
        }
    }
}
