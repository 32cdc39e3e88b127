public import Foundation

/// Webhook endpoints and the webhook queue. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol WebhookStore: Sendable {
    // The webhook queue is filled by the database: every audit event of a type that maps to a webhook
    // event type becomes, in the transaction that writes it, one pending delivery per enabled
    // endpoint of its tenant subscribed to that type.

    /// Throws ``StorageError/notFound`` when the tenant is missing; like every write of a sealed
    /// secret, ``StorageError/staleMasterKey`` when the master key was rotated meanwhile.
    func createWebhookEndpoint(_ endpoint: WebhookEndpointRecord, audit event: AuditEventRecord?) async throws
    func webhookEndpoint(id: String) async throws -> WebhookEndpointRecord?
    func listWebhookEndpoints(tenantID: String, _ page: PageRequest) async throws -> Page<WebhookEndpointRecord>
    /// Overwrites the endpoint (all but its id, tenant and creation time).
    func updateWebhookEndpoint(_ endpoint: WebhookEndpointRecord, audit event: AuditEventRecord?) async throws
    /// Deletes the endpoint with its deliveries and their attempts.
    func deleteWebhookEndpoint(id: String, audit event: AuditEventRecord?) async throws
    /// Queues one delivery written by the server itself (a test event).
    func enqueueWebhookDelivery(_ delivery: WebhookDeliveryRecord) async throws
    /// Leases up to `limit` pending deliveries due at `now` of enabled endpoints to `owner` until
    /// `now + lease`, oldest due first, never so many that an endpoint has more than
    /// `perEndpoint` leased at once. A delivery another instance holds under an unexpired lease
    /// is skipped (PostgreSQL: `FOR UPDATE SKIP LOCKED`); one whose lease expired is taken over.
    func claimWebhookDeliveries(owner: String, now: Date, lease: TimeInterval, limit: Int, perEndpoint: Int) async throws
        -> [WebhookDeliveryRecord]
    /// Records an attempt and, when `owner` still holds the delivery's lease, what it leads to
    /// (the lease ends; ``WebhookAttemptResult/endpointGone(reason:)`` also turns the endpoint
    /// off). Returns whether the delivery changed: `false` when the lease was lost meanwhile
    /// (the attempt is logged all the same).
    @discardableResult
    func recordWebhookAttempt(_ attempt: WebhookAttemptRecord, owner: String, result: WebhookAttemptResult) async throws -> Bool
    func webhookDelivery(id: String) async throws -> WebhookDeliveryRecord?
    /// The endpoint's deliveries, oldest first (ids sort by when their event happened).
    func listWebhookDeliveries(endpointID: String, _ page: PageRequest) async throws -> Page<WebhookDeliveryRecord>
    /// The delivery's attempts, oldest first.
    func webhookAttempts(deliveryID: String) async throws -> [WebhookAttemptRecord]
    /// Makes the delivery pending and due at `now` again, with its attempts counted from zero
    /// (the same message id); ``StorageError/notFound`` when it is missing.
    func replayWebhookDelivery(id: String, at now: Date) async throws -> WebhookDeliveryRecord
    /// How many deliveries are pending and since when the oldest one waits.
    func webhookQueueStatus() async throws -> WebhookQueueStatus
    /// Deletes up to `limit` deliveries (with their attempts) delivered or given up before
    /// `cutoff`; returns the count. Call again until it returns 0.
    func deleteCompletedWebhookDeliveries(before cutoff: Date, limit: Int) async throws -> Int
}
