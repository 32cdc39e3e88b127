/// The key store an SDK gets unless it is given one.
public enum PlatformKeyStore {
    /// On iOS and macOS a ``SecureEnclaveKeyStore`` with ``KeyProtection/userPresence``; elsewhere
    /// ``FileKeyStore/applicationSupport()``.
    public static func make() -> any KeyStore {
        #if canImport(CryptoKit) && canImport(Security) && canImport(LocalAuthentication)
        SecureEnclaveKeyStore()
        #else
        FileKeyStore.applicationSupport()
        #endif
    }
}
