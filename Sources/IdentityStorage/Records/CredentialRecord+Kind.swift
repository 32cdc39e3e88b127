extension CredentialRecord {
    /// What holds a credential's key; stored as its raw value.
    public enum Kind: String, Sendable, CaseIterable {
        /// A key in an app's key store, certified by the realm (enrollment through the SDK).
        case device
        /// A WebAuthn credential in a browser, platform or security key (its ``PasskeyRecord``).
        case passkey
    }
}
