extension SignInActivityBucket {
    /// How a sign-in ended; its raw value is the type of the audit event that records it.
    public enum Outcome: String, Sendable, CaseIterable {
        /// The device's answer was accepted and a code issued.
        case succeeded = "authentication.succeeded"
        /// The device's answer was refused.
        case refused = "authentication.refused"
    }
}
