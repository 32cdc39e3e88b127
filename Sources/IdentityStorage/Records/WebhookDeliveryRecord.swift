public import Foundation

/// One event to deliver to one endpoint: a row of the webhook queue. Rows for audited changes are
/// written by the database in the transaction that writes the audit event (a trigger on
/// `audit_events` fans each event out to the tenant's enabled endpoints subscribed to its
/// type), so a change and its deliveries commit together or not at all.
public struct WebhookDeliveryRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var endpointID: String
    /// The message id (`webhook-id`): the audit event's id, the same for every attempt and
    /// every endpoint, so receivers can drop duplicates.
    public var messageID: String
    /// The webhook event type (`identity.created` …).
    public var eventType: String
    public var occurredAt: Date
    public var tenantID: String?
    public var realmID: String?
    public var subjectID: String?
    /// The audit event's detail (the server filters it before it leaves).
    public var detailJSON: String
    public var state: State
    /// Attempts made since it was queued (or replayed).
    public var attempts: Int
    /// When it is next due (while pending).
    public var nextAttemptAt: Date
    /// The instance that holds it while it is being attempted, and until when.
    public var leaseOwner: String?
    public var leaseExpiresAt: Date?
    public var lastAttemptAt: Date?
    /// The last answer's HTTP status, when there was one.
    public var lastStatus: Int?
    public var createdAt: Date
    public var completedAt: Date?

    /// Creates a record.
    public init(
        id: String, endpointID: String, messageID: String, eventType: String, occurredAt: Date, tenantID: String?, realmID: String?,
        subjectID: String?, detailJSON: String, state: State = .pending, attempts: Int = 0, nextAttemptAt: Date,
        leaseOwner: String? = nil, leaseExpiresAt: Date? = nil, lastAttemptAt: Date? = nil, lastStatus: Int? = nil,
        createdAt: Date, completedAt: Date? = nil
    ) {
        self.id = id
        self.endpointID = endpointID
        self.messageID = messageID
        self.eventType = eventType
        self.occurredAt = occurredAt
        self.tenantID = tenantID
        self.realmID = realmID
        self.subjectID = subjectID
        self.detailJSON = detailJSON
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.leaseOwner = leaseOwner
        self.leaseExpiresAt = leaseExpiresAt
        self.lastAttemptAt = lastAttemptAt
        self.lastStatus = lastStatus
        self.createdAt = createdAt
        self.completedAt = completedAt
    }
}
