#if canImport(CryptoKit) && canImport(Security) && canImport(LocalAuthentication)
extension SecureEnclaveKeyStore {
    /// The store over this device's Keychain and Secure Enclave; new keys get `protection`.
    public init(protection: KeyProtection = .userPresence) {
        self.init(items: SecurityKeychainItems(), keys: SecureEnclaveDeviceKeys(), protection: protection)
    }
}
#endif
