public import Foundation
package import IdentityServerCore

/// Webhook delivery (and the queue it reads).
public struct WebhookSettings: Sendable {
    /// Whether endpoints may be `http` URLs and resolve to loopback, private, link-local or
    /// other non-public addresses (tests, receivers on the operator's own network).
    public var allowPrivateTargets = false
    /// The waits before each retry, in order: a delivery is given up once they are spent
    /// (the first attempt is at once). Each wait is spread by ±20 % (jitter).
    public var retryDelays: [TimeInterval] = [5, 300, 1800, 7200, 18_000, 36_000, 36_000]
    /// Deliveries of one endpoint attempted at once, at most.
    public var maxInFlightPerEndpoint = 4
    /// How often the queue is read when it had nothing due.
    public var pollInterval: Duration = .seconds(1)
    /// How long an attempt may take (connection, request and answer).
    public var attemptTimeout: Duration = .seconds(10)
    /// How long an instance holds the deliveries it claimed before another may take them over.
    public var lease: TimeInterval = 60

    /// The defaults.
    public init() {}
}

extension WebhookSettings {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<WebhookSettings>] = [
        Setting(
            "webhooks.allow_private_targets", \.allowPrivateTargets, .boolean,
            help: "Whether webhook endpoints may be http URLs and reach loopback, private and unique-local addresses (tests, on-premises receivers); never link-local nor a cloud's metadata service."),
        Setting(
            "webhooks.retry_delays", \.retryDelays, .durations(1...86_400),
            help: "The waits before each retry of a webhook delivery (±20 % jitter); given up once spent."),
        Setting(
            "webhooks.max_in_flight_per_endpoint", \.maxInFlightPerEndpoint, .integer(1...64),
            help: "Deliveries attempted at once per webhook endpoint, at most."),
        Setting(
            "webhooks.poll_interval", \.pollInterval, .duration(1...60),
            help: "How often the webhook queue is read when nothing was due."),
        Setting(
            "webhooks.lease", \.lease, .seconds(30...3_600),
            help: "How long an instance holds the deliveries it claimed before another may take them over."),
    ]
}
