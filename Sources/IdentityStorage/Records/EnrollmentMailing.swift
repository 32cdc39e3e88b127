/// An enrollment link mailed in the transaction of another change (a user its directory just
/// created): the binding job, the sealed mail that carries its link, and the job's audit event.
public struct EnrollmentMailing: Sendable, Equatable {
    public let job: BindingJobRecord
    public let mail: MailDeliveryRecord
    public let event: AuditEventRecord?

    /// Creates a mailing.
    public init(job: BindingJobRecord, mail: MailDeliveryRecord, event: AuditEventRecord?) {
        (self.job, self.mail, self.event) = (job, mail, event)
    }
}
