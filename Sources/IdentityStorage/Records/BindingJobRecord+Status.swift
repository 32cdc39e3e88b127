extension BindingJobRecord {
    /// Whether an enrollment link can still be used; stored as its raw value.
    public enum Status: String, Sendable, CaseIterable {
        /// Not used yet (it may have expired: see ``BindingJobRecord/expiresAt``).
        case pending
        /// Used: a credential was bound with it.
        case complete
        /// Revoked by an administrator before it was used: its link works no more.
        case revoked
    }
}
