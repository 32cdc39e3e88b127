package import Foundation
package import IdentityStorage
package import Prometheus
import IdentityServerCore

/// The webhook queue at `/metrics`: attempts by outcome, the queue's depth and the age of its
/// oldest pending delivery.
package struct WebhookMetrics: Sendable {
    /// What an attempt came to.
    package enum Outcome: String, Sendable {
        /// A 2xx answer.
        case delivered
        /// Another answer or none; another attempt is due later.
        case retried
        /// Given up: the last attempt failed.
        case failed
        /// `410 Gone`: the endpoint was turned off.
        case gone
    }

    private let registry: PrometheusCollectorRegistry
    private let depth: Gauge
    private let oldestAge: Gauge

    package init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        depth = registry.makeGauge(name: "bi_webhook_queue_depth", help: "Webhook deliveries pending (due or waiting for a retry).")
        oldestAge = registry.makeGauge(
            name: "bi_webhook_oldest_pending_seconds", help: "Seconds since the event of the oldest pending webhook delivery happened.")
    }

    private static var attempts: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "bi", subsystem: "webhook", metricName: "attempts", unitName: "total",
            helpText: "Webhook delivery attempts, by outcome (delivered, retried, failed, gone).")
    }

    /// Counts an attempt.
    package func attempted(_ outcome: Outcome) {
        registry.makeCounter(descriptor: Self.attempts, labels: [("outcome", outcome.rawValue)]).increment()
    }

    /// Publishes the queue's state as read at `now`.
    package func queue(_ status: WebhookQueueStatus, now: Date) {
        depth.set(Double(status.pending))
        oldestAge.set(status.oldestPendingSince.map { max(0, now.timeIntervalSince($0)) } ?? 0)
    }
}
