extension IdentityRecord {
    /// Whether an identity may sign in; stored as its raw value.
    public enum Status: String, Sendable, CaseIterable {
        /// Signs in.
        case active
        /// Kept, but refused until made active again.
        case suspended
        /// Soft-deleted: kept for audit, credentials revoked, refused for good.
        case deleted
    }
}
