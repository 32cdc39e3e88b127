#if canImport(CryptoKit) && canImport(Security) && canImport(LocalAuthentication)
import Foundation
import Security

/// An ``AccessControlPlan`` as Security.framework takes it.
enum AppleAccessControl {
    /// The `SecAccessControl` of `plan`: accessible when unlocked, this device only, with its flags.
    static func make(_ plan: AccessControlPlan) throws -> SecAccessControl {
        var flags: SecAccessControlCreateFlags = []
        for flag in plan.flags {
            switch flag {
            case .privateKeyUsage: flags.insert(.privateKeyUsage)
            case .userPresence: flags.insert(.userPresence)
            case .biometryCurrentSet: flags.insert(.biometryCurrentSet)
            }
        }
        var error: Unmanaged<CFError>?
        guard let control = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, &error) else {
            let reason = error.map { String(describing: $0.takeRetainedValue()) } ?? "unknown"
            throw BISDKError.keyStoreFailure("cannot create the key's access control: \(reason)")
        }
        return control
    }
}
#endif
