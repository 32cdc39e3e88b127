/// What a device-bound key asks of the user before it signs (Apple key stores).
public enum KeyProtection: String, Sendable, Codable, CaseIterable {
    /// Nothing beyond an unlocked device: signing never prompts.
    case unlockedDevice
    /// Biometry or the device passcode before every signature (`userPresence`); the prompt
    /// shows the SDK's `biometricAskPrompt`.
    case userPresence
    /// The biometry enrolled when the key was made, before every signature
    /// (`biometryCurrentSet`): enrolling another finger or face makes the key unusable.
    case currentBiometry

    /// The LocalAuthentication policy that verifies the user before a signature; `nil` when
    /// none is needed.
    var policy: AuthenticationPolicy? {
        switch self {
        case .unlockedDevice: nil
        case .userPresence: .deviceOwnerAuthentication
        case .currentBiometry: .deviceOwnerAuthenticationWithBiometrics
        }
    }
}

/// `LAPolicy` members the key store uses.
enum AuthenticationPolicy: Sendable {
    /// Biometry, or the passcode as fallback.
    case deviceOwnerAuthentication
    /// Biometry only.
    case deviceOwnerAuthenticationWithBiometrics
}
