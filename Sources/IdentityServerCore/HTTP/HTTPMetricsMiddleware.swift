import HTTPTypes
package import Hummingbird
package import Prometheus
import Synchronization

/// Counts every request by route, method and status, and times it by route and method, in
/// the server's Prometheus registry. Labels stay bounded whatever clients send: the route is the
/// matched template (`/v1/tenants/{tenant}/…`, or `NotFound`), an unusual method is `other`.
/// Each label set's counter and histogram are looked up in the registry once, then kept.
package struct HTTPMetricsMiddleware: RouterMiddleware {
    package typealias Context = ServerRequestContext
    package let registry: PrometheusCollectorRegistry
    private let handles = Handles()

    package init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

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

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        // The error middleware inside this one answers every error, so there is always a response.
        let response = try await next(request, context)
        let key = Key(
            route: context.endpointPath ?? "unmatched",
            method: Self.methods.contains(request.method) ? request.method.rawValue : "other", status: response.status.code)
        let (counter, histogram) = handles.metrics(for: key) {
            let labels = [("route", key.route), ("method", key.method)]
            return (registry.makeCounter(descriptor: Self.requests, labels: labels + [("status", String(key.status))]),
                    registry.makeDurationHistogram(descriptor: Self.duration, labels: labels, buckets: Self.buckets))
        }
        counter.increment()
        histogram.record(ContinuousClock.now - start)
        return response
    }

    /// The labels of one request's metrics (bounded: route templates, known methods, statuses).
    private struct Key: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    /// The counter and histogram of each label set seen.
    private final class Handles: Sendable {
        private let kept = Mutex<[Key: (Counter, DurationHistogram)]>([:])

        func metrics(for key: Key, make: () -> (Counter, DurationHistogram)) -> (Counter, DurationHistogram) {
            if let metrics = kept.withLock({ $0[key] }) { return metrics }
            let metrics = make()
            kept.withLock { $0[key] = metrics }
            return metrics
        }
    }
}
