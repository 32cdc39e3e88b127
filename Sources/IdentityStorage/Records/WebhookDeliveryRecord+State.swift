extension WebhookDeliveryRecord {
    /// Where a delivery stands.
    public enum State: String, Sendable, CaseIterable {
        /// Due at `nextAttemptAt` (or being attempted, under a lease).
        case pending
        /// A 2xx answer came.
        case delivered
        /// Given up: its attempts ran out, or the endpoint answered `410 Gone`.
        case failed
    }
}
