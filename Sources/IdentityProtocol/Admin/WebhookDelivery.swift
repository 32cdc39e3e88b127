public import Foundation

/// One event's delivery to one endpoint, with its attempts (in the answers about one delivery;
/// a page of deliveries leaves them out).
public struct WebhookDelivery: Codable, Sendable, Equatable {
    public var id: String
    public var endpointID: String
    /// The message's `webhook-id`: the same on every attempt (and the audit event's id).
    public var messageID: String
    /// The event type (`identity.created` …).
    public var eventType: String
    public var occurredAt: Date
    public var status: WebhookDeliveryStatus
    /// Attempts since it was queued or replayed.
    public var attemptCount: Int
    /// When the next attempt is due, while pending.
    public var nextAttemptAt: Date?
    /// The last answer's HTTP status, when one came.
    public var lastStatusCode: Int?
    public var completedAt: Date?
    /// Every attempt, oldest first.
    public var attempts: [WebhookAttempt]?

    /// Creates a value.
    public init(
        id: String, endpointID: String, messageID: String, eventType: String, occurredAt: Date, status: WebhookDeliveryStatus,
        attemptCount: Int, nextAttemptAt: Date?, lastStatusCode: Int?, completedAt: Date?, attempts: [WebhookAttempt]? = nil
    ) {
        self.id = id
        self.endpointID = endpointID
        self.messageID = messageID
        self.eventType = eventType
        self.occurredAt = occurredAt
        self.status = status
        self.attemptCount = attemptCount
        self.nextAttemptAt = nextAttemptAt
        self.lastStatusCode = lastStatusCode
        self.completedAt = completedAt
        self.attempts = attempts
    }

    enum CodingKeys: String, CodingKey {
        case id, status, attempts
        case endpointID = "endpoint_id"
        case messageID = "message_id"
        case eventType = "event_type"
        case occurredAt = "occurred_at"
        case attemptCount = "attempt_count"
        case nextAttemptAt = "next_attempt_at"
        case lastStatusCode = "last_status_code"
        case completedAt = "completed_at"
    }
}
