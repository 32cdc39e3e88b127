import Foundation
package import HTTPTypes
package import Hummingbird
import IdentityProtocol
import Logging
import ServerTracing
import Synchronization
import Tracing

/// One log line and, when the server traces, one span per request: continuing the caller's
/// trace when its `traceparent` is well-formed and ``TraceParentTrust`` says so, else linked to
/// it. The line: request id, client address, method, path (never the query:
/// enrollment links carry their token there), status, duration and, for OAuth endpoints, the
/// client id the request named. The request id is the
/// caller's `X-Request-ID` when it is a plausible one, else a new one; it goes back in the
/// response's `X-Request-ID` and onto every line logged while handling the request (through
/// ``RequestIDMetadata``, which the log handlers ask at each line). It also
/// resolves the client's address through the trusted proxies, once, for everything after it
/// (``ServerRequestContext/clientAddress``): it is the router's first middleware.
package struct RequestLogMiddleware: RouterMiddleware {
    package typealias Context = ServerRequestContext
    package let trustedProxies: TrustedProxies
    /// Whose `traceparent` the request's span continues.
    package let traceParentTrust: TraceParentTrust

    package init(trustedProxies: TrustedProxies, traceParentTrust: TraceParentTrust = .trustedProxies) {
        self.trustedProxies = trustedProxies
        self.traceParentTrust = traceParentTrust
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let id = request.headers[.xRequestID].flatMap(Self.acceptable) ?? Self.newID()
        var context = context
        context.requestID = id
        context.clientAddress = trustedProxies.clientAddress(
            peer: context.peerAddress, forwardedFor: request.headers[values: .xForwardedFor])
        context.peerIsTrustedProxy = context.peerAddress.map(trustedProxies.isTrusted) ?? false
        // Only the two fields, checked, ever reach the tracer (whose parser would log what it
        // was given, credentials and all, when they do not read).
        let caller = Traces.isOn
            ? IncomingTraceContext(traceparent: request.headers[.traceparent], tracestate: request.headers[.tracestate]) : nil
        let continued = traceParentTrust.continues(fromTrustedProxy: context.peerIsTrustedProxy) ? caller : nil
        return try await Traces.span(
            request.method.rawValue, kind: .server, parent: continued.flatMap(Traces.context(continuing:)), startsTrace: true
        ) { span in
            if let caller, continued == nil { Traces.link(span, to: caller.traceparent, attributes: ["bi.link": "caller"]) }
            // The error middleware inside this one answers every error, so there is always a response.
            var response = try await RequestIDMetadata.$current.withValue(id) { try await next(request, context) }
            response.headers[.xRequestID] = id
            let elapsed = ContinuousClock.now - start
            var metadata: Logger.Metadata = [
                "request_id": .string(id),
                "client": .string(context.clientAddress ?? "-"),
                "method": .string(request.method.rawValue),
                "path": .string(request.uri.path),
                "status": .string(String(response.status.code)),
                "ms": .string(String(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)),
            ]
            if let clientID = context.facts.clientID { metadata["client_id"] = .string(clientID) }
            context.logger.info("request", metadata: metadata)
            if span.isRecording { Self.describe(span, request: request, context: context, response: response) }
            return response
        }
    }

    /// The request's span as HTTP's semantic conventions name it, by the route's template
    /// (`POST /v1/tenants/{tenant}/realms/{realm}/token`; never the path as sent, which holds ids
    /// and, in links, tokens), with no query, header or body.
    private static func describe(_ span: any Span, request: Request, context: Context, response: Response) {
        if let route = context.endpointPath {
            span.operationName = request.method.rawValue + " " + route
            span.attributes["http.route"] = route
        }
        span.attributes["http.request.method"] = request.method.rawValue
        span.attributes["http.response.status_code"] = response.status.code
        span.attributes["client.address"] = context.clientAddress
        span.attributes["bi.request_id"] = context.requestID
        span.attributes["oauth.client_id"] = context.facts.clientID
        if response.status.code >= 500 { span.setStatus(SpanStatus(code: .error)) }
    }

    /// 1–128 characters of letters, digits and `-._:`: anything else (a log-injection attempt,
    /// a huge header) is replaced by a new id.
    package static func acceptable(_ id: String) -> String? {
        guard (1...128).contains(id.utf8.count), id.utf8.allSatisfy({ byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: ":"):
                true
            default:
                false
            }
        }) else { return nil }
        return id
    }

    /// A new id: this process's random prefix (so ids stay unique across instances and
    /// restarts) and a counter. Ids correlate log lines; they are not secrets.
    package static func newID() -> String {
        prefix + String(counter.add(1, ordering: .relaxed).newValue, radix: 36)
    }

    /// 9 random bytes, base64url, and a dash.
    private static let prefix = Data((0..<9).map { _ in UInt8.random(in: .min ... .max) }).base64URLEncodedString + "-"
    private static let counter = Atomic<UInt64>(0)
}

extension HTTPField.Name {
    /// `X-Request-ID`: correlates a request across proxies, logs and the client.
    package static let xRequestID = Self("X-Request-ID")!
    /// W3C trace context's fields.
    static let traceparent = Self("traceparent")!
    static let tracestate = Self("tracestate")!
}
