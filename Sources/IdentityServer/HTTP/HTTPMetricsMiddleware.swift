import HTTPTypes
import Hummingbird
import Prometheus

/// Counts every request by route, method and status, and times it by route and method, in
/// the server's Prometheus registry. Labels stay bounded whatever clients send: the route is the
/// matched template (`/v1/tenants/{tenant}/…`, or `NotFound`), an unusual method is `other`.
struct HTTPMetricsMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext
    let registry: PrometheusCollectorRegistry

    private static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "bi", subsystem: "http", metricName: "requests", unitName: "total",
            helpText: "HTTP requests answered, by route template, method and status code.")
    }
    private static var duration: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "bi", subsystem: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "Time from a request's head to its response, by route template and method.")
    }
    private static let buckets: [Duration] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
        .map { .milliseconds(Int64($0 * 1000)) }
    private static let methods: Set<HTTPRequest.Method> = [.get, .head, .post, .put, .patch, .delete, .options]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        // The error middleware inside this one answers every error, so there is always a response.
        let response = try await next(request, context)
        let route = context.endpointPath ?? "unmatched"
        let method = Self.methods.contains(request.method) ? request.method.rawValue : "other"
        registry.makeCounter(
            descriptor: Self.requests, labels: [("route", route), ("method", method), ("status", String(response.status.code))]
        ).increment()
        registry.makeDurationHistogram(descriptor: Self.duration, labels: [("route", route), ("method", method)], buckets: Self.buckets)
            .record(ContinuousClock.now - start)
        return response
    }
}
