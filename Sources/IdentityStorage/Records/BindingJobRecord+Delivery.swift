extension BindingJobRecord {
    /// How an enrollment link reaches the user; stored as its raw value.
    public enum Delivery: String, Sendable, CaseIterable {
        /// Mailed to the identity's address.
        case email
        /// Returned to the administrator in the response.
        case `return`
    }
}
