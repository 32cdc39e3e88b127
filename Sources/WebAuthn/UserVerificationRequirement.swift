/// Whether the authenticator must verify the user (biometric or PIN) as well as see them
/// present (WebAuthn §5.8.6). `preferred` and `discouraged` accept either; only `required` refuses.
public enum UserVerificationRequirement: String, Sendable, Codable, CaseIterable {
    case required, preferred, discouraged
}
