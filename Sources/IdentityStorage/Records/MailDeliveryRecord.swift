public import Foundation

/// One enrollment mail to send: a row of the mail queue, written in the transaction that
/// creates its binding job, so a job with delivery `email` never exists without its mail. The
/// message (which holds the job's single-use link) is sealed under the master key, and dropped
/// once the mail is delivered or given up.
public struct MailDeliveryRecord: Sendable, Equatable, Identifiable {
    public var id: String
    /// The binding job whose link it carries (the row goes with the job).
    public var bindingJobID: String
    public var tenantID: String
    public var realmID: String
    /// The message, sealed (see ``SealedSecret/Owner/mailMessage(deliveryID:)``); `nil` once completed.
    public var sealedMessage: Data?
    public var state: State
    /// Attempts made so far.
    public var attempts: Int
    /// When it is next due (while pending).
    public var nextAttemptAt: Date
    /// The instance that holds it while it is being attempted, and until when.
    public var leaseOwner: String?
    public var leaseExpiresAt: Date?
    public var lastAttemptAt: Date?
    /// Why the last attempt failed, in the relay's (or command's) words.
    public var lastError: String?
    public var createdAt: Date
    /// When it was delivered or given up.
    public var completedAt: Date?

    /// Creates a record.
    public init(
        id: String, bindingJobID: String, tenantID: String, realmID: String, sealedMessage: Data?, state: State = .pending,
        attempts: Int = 0, nextAttemptAt: Date, leaseOwner: String? = nil, leaseExpiresAt: Date? = nil, lastAttemptAt: Date? = nil,
        lastError: String? = nil, createdAt: Date, completedAt: Date? = nil
    ) {
        self.id = id
        self.bindingJobID = bindingJobID
        self.tenantID = tenantID
        self.realmID = realmID
        self.sealedMessage = sealedMessage
        self.state = state
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.leaseOwner = leaseOwner
        self.leaseExpiresAt = leaseExpiresAt
        self.lastAttemptAt = lastAttemptAt
        self.lastError = lastError
        self.createdAt = createdAt
        self.completedAt = completedAt
    }
}
