extension ApplicationRecord {
    /// How `/authorize` hands a same-device sign-in to the embedded authenticator; stored as its raw value.
    public enum InvocationType: String, Sendable, CaseIterable {
        /// A redirect to the invoke URL.
        case automatic
        /// A JSON answer with the URL, for an app that starts the sign-in itself.
        case manual
    }
}
