/// What Keychain and LocalAuthentication failures mean to the SDK, by their documented codes,
/// so the mapping is tested on every machine.
enum KeychainStatus {
    /// `OSStatus` values of Security.framework (SecBase.h).
    enum Code: Int32 {
        case success = 0
        case userCanceled = -128
        case authFailed = -25293
        case duplicateItem = -25299
        case itemNotFound = -25300
        case interactionNotAllowed = -25308
        case missingEntitlement = -34018
    }

    /// `LAError.Code` raw values (LAError.h).
    enum AuthenticationCode: Int {
        case authenticationFailed = -1
        case userCancel = -2
        case userFallback = -3
        case systemCancel = -4
        case passcodeNotSet = -5
        case biometryNotAvailable = -6
        case biometryNotEnrolled = -7
        case biometryLockout = -8
        case appCancel = -9
        case invalidContext = -10
        case notInteractive = -1004
    }

    /// The error for a failed Keychain call `operation` with `status`.
    static func error(_ status: Int32, operation: String) -> BISDKError {
        switch Code(rawValue: status) {
        case .userCanceled?: .userCancelled
        case .authFailed?: .userVerificationFailed(.failed)
        case .itemNotFound?: .credentialNotFound
        case .interactionNotAllowed?: .keyStoreFailure("\(operation): the device is locked")
        case .missingEntitlement?:
            .keyStoreFailure("\(operation): the app has no keychain entitlement (sign it with an application identifier or a keychain access group)")
        default: .keyStoreFailure("\(operation) failed with OSStatus \(status)")
        }
    }

    /// The error for a failed user authentication (an `LAError` or the `NSError` a Secure
    /// Enclave signature throws, with the same codes).
    static func error(authenticationCode code: Int) -> BISDKError {
        switch AuthenticationCode(rawValue: code) {
        case .userCancel?, .appCancel?, .systemCancel?, .userFallback?: .userCancelled
        case .biometryLockout?: .userVerificationFailed(.biometryLockedOut)
        case .biometryNotEnrolled?, .biometryNotAvailable?: .userVerificationFailed(.biometryUnavailable)
        case .passcodeNotSet?: .userVerificationFailed(.passcodeNotSet)
        case .authenticationFailed?: .userVerificationFailed(.failed)
        case .invalidContext?, .notInteractive?, nil: .keyStoreFailure("user authentication failed with LAError \(code)")
        }
    }
}
