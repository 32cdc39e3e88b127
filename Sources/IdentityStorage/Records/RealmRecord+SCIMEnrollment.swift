extension RealmRecord {
    /// What the realm does for a user its directory creates through SCIM; stored as its raw value.
    public enum SCIMEnrollment: String, Sendable, CaseIterable {
        /// Nothing: an administrator sends the enrollment link.
        case none
        /// A registration link is mailed to the new user, in the transaction that creates it.
        case email
    }
}
