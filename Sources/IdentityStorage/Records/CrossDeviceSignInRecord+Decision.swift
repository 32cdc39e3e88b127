extension CrossDeviceSignInRecord {
    /// What the other device decided about a pending sign-in.
    public enum Decision: Sendable, Equatable {
        /// Approved with a verified signature by this identity's credential, proving `assurance`.
        case approved(identityID: String, credentialID: String, assurance: SignInAssurance)
        /// Declined.
        case declined
    }
}
