extension BindingJobRecord {
    /// What an enrollment link is for; stored as its raw value.
    public enum Kind: String, Sendable, CaseIterable {
        /// A new user's first credential.
        case registration
        /// A credential for a user who lost theirs.
        case recovery
    }
}
