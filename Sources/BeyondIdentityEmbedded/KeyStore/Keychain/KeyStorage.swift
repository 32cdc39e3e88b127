/// Where a credential's private key lives, as the key store records it with the credential.
public enum KeyStorage: String, Sendable, Codable {
    /// Inside the Secure Enclave: the key cannot be read by anyone, the app included; the
    /// store keeps only the enclave's opaque, device-bound reference to it.
    case secureEnclave
    /// A software key in the Keychain (no Secure Enclave: simulator, older Macs), readable
    /// only on this device, by this app, under the same access rules.
    case keychain
}
