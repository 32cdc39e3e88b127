public import Foundation

/// The audit log and the purge of what expired. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol AuditStore: Sendable {
    func appendAuditEvent(_ event: AuditEventRecord) async throws
    /// Appends `event`, or, when an event with its id is there already (the same refusal
    /// repeated within its window: the caller derives the id from both), counts one more
    /// occurrence on it.
    func recordRepeatedEvent(_ event: AuditEventRecord) async throws
    /// The events that match `filter`, in `order` (by `occurredAt`, then `id`); the cursor is
    /// `milliseconds:id` of the last item, and the next page holds the events past it in that
    /// order (a cursor of another form reads as past the end).
    func listAuditEvents(_ filter: AuditEventFilter, order: AuditEventOrder, _ page: PageRequest) async throws -> Page<AuditEventRecord>
    /// Deletes up to `limit` rows of each kind — transactions, codes, issued-token rows, sessions
    /// (with their refresh tokens), extension sessions, rate-limit windows, used signed-request
    /// ids, DPoP proof ids, console sessions and their sent forms, cross-device sign-ins, email code challenges — that expired before `cutoff`, a short statement per kind; returns the count. Call
    /// again until it returns 0.
    func deleteExpired(before cutoff: Date, limit: Int) async throws -> Int
    /// Deletes up to `limit` audit events that occurred before `cutoff`; returns the count.
    func deleteAuditEvents(before cutoff: Date, limit: Int) async throws -> Int
}
