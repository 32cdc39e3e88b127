extension MailDeliveryRecord {
    /// Where a mail stands; stored as its raw value.
    public enum State: String, Sendable, CaseIterable {
        /// Due at `nextAttemptAt` (or being attempted, under a lease).
        case pending
        /// The relay (or command, or outbox directory) took it.
        case delivered
        /// Given up: refused for good, its attempts ran out, or its job expired first.
        case failed
    }
}
