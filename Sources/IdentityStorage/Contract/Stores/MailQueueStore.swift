public import Foundation

/// The mail queue. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol MailQueueStore: Sendable {
    // A binding job with delivery `email` is written with its mail (``createBindingJob(_:mailing:audit:)``);
    // the row goes when the job does.

    /// Leases up to `limit` pending mails due at `now` to `owner` until `now + lease`, oldest due
    /// first; one another instance holds under an unexpired lease is skipped, one whose lease
    /// expired is taken over.
    func claimMailDeliveries(owner: String, now: Date, lease: TimeInterval, limit: Int) async throws -> [MailDeliveryRecord]
    /// Records an attempt at `date` (its `error`, if it failed) and what it leads to, and appends
    /// `event`, in one transaction, when `owner` still holds the mail's lease; a delivered or
    /// failed mail's message is dropped. Returns whether it changed (`false`: the lease was lost,
    /// nothing is written).
    @discardableResult
    func recordMailAttempt(
        deliveryID: String, owner: String, at date: Date, error: String?, result: MailAttemptResult, audit event: AuditEventRecord?
    ) async throws -> Bool
    /// The mails of these binding jobs (jobs without one are left out).
    func mailDeliveries(bindingJobIDs: [String]) async throws -> [MailDeliveryRecord]
}
