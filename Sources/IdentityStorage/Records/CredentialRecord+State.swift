extension CredentialRecord {
    /// Whether a credential may sign in; stored as its raw value.
    public enum State: String, Sendable, CaseIterable {
        /// Usable.
        case active
        /// Revoked by an administrator, the device itself, or the deletion of its identity.
        case revoked
    }
}
