/// What holds a credential's key, as the admin API and the console show it.
public enum CredentialKind: String, Codable, Sendable, CaseIterable {
    /// A key in an app's key store, certified by the realm (enrolled through the SDK).
    case device
    /// A passkey: a WebAuthn credential in a browser, platform or security key.
    case passkey
}
