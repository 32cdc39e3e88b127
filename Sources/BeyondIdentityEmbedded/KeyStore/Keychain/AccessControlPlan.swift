/// The access rules a new key and its Keychain items get: decided here, platform-neutral, so
/// the choice is tested on every machine; the Apple store turns it into `SecAccessControl`.
struct AccessControlPlan: Sendable, Equatable {
    /// `SecAccessControlCreateFlags` members the plan uses.
    enum Flag: String, Sendable, Hashable, Comparable {
        /// `.privateKeyUsage`: the key signs inside the Secure Enclave.
        case privateKeyUsage
        /// `.userPresence`: biometry or passcode.
        case userPresence
        /// `.biometryCurrentSet`: the biometry enrolled now.
        case biometryCurrentSet

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Where the key is made.
    let storage: KeyStorage
    /// The key's access-control flags.
    let flags: Set<Flag>
    /// Items are readable only while the device is unlocked, never leave it (no backup
    /// restore elsewhere, no iCloud Keychain): `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`.
    let accessibleWhenUnlockedThisDeviceOnly = true
    /// Never synchronized (`kSecAttrSynchronizable` false).
    let synchronizable = false

    /// The plan for a key protected as `protection`, in the Secure Enclave when there is one.
    init(protection: KeyProtection, secureEnclaveAvailable: Bool) {
        storage = secureEnclaveAvailable ? .secureEnclave : .keychain
        var flags: Set<Flag> = secureEnclaveAvailable ? [.privateKeyUsage] : []
        switch protection {
        case .unlockedDevice: break
        case .userPresence: flags.insert(.userPresence)
        case .currentBiometry: flags.insert(.biometryCurrentSet)
        }
        self.flags = flags
    }

    /// Whether signing asks the user.
    var prompts: Bool { !flags.isDisjoint(with: [.userPresence, .biometryCurrentSet]) }
}
