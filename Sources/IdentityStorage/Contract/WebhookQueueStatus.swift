public import Foundation

/// The webhook queue at a glance, for metrics.
public struct WebhookQueueStatus: Sendable, Equatable {
    /// Deliveries pending.
    public var pending: Int
    /// When the oldest pending delivery's event happened; `nil` when none is pending.
    public var oldestPendingSince: Date?

    /// Creates a value.
    public init(pending: Int, oldestPendingSince: Date?) {
        self.pending = pending
        self.oldestPendingSince = oldestPendingSince
    }
}
