/// Why the device could not verify the user for a key that requires it.
public enum UserVerificationFailure: String, Sendable, Equatable {
    /// Too many failed biometric attempts: the passcode must unlock biometry first.
    case biometryLockedOut
    /// The enrolled biometry changed since the key was made (`currentBiometry`): the key can no
    /// longer be used; register the device again.
    case biometryChanged
    /// Biometry is required but none is enrolled, or the device has none.
    case biometryUnavailable
    /// The device has no passcode, which protected keys need.
    case passcodeNotSet
    /// The user failed to authenticate.
    case failed
}
