/// The state of a credential as the device knows it.
public enum CredentialState: String, Codable, Sendable, Hashable {
    /// Usable for authentication.
    case active
    /// Suspended by or for the user; not usable until resumed.
    case userSuspended
    /// Deleted on the server (revoked); the device may still hold the key.
    case userDeleted
    /// Deleted from this device (the state of the value ``Embedded/deleteCredential(for:)`` returns).
    case deviceDeleted
    /// The credential cannot be used (for example its chain does not parse).
    case invalid
}
