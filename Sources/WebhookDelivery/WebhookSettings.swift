public import Foundation

/// Webhook delivery (and the outbox it reads).
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
