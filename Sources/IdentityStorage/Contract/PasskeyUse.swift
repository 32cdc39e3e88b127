/// A passkey's signature counter moving on with a sign-in (WebAuthn Level 3 §6.1.1): stored
/// only if the counter is still `expectedSignCount`, so two sign-ins racing with the same
/// counter (a cloned authenticator) cannot both count.
public struct PasskeyUse: Sendable, Equatable {
    public let credentialID: String
    public let expectedSignCount: UInt32
    public let signCount: UInt32
    /// Whether the authenticator says the passkey is backed up now.
    public let backedUp: Bool

    /// Creates a use.
    public init(credentialID: String, expectedSignCount: UInt32, signCount: UInt32, backedUp: Bool) {
        (self.credentialID, self.expectedSignCount, self.signCount, self.backedUp) = (credentialID, expectedSignCount, signCount, backedUp)
    }
}
