import Foundation

/// Credential states on the wire.
public enum CredentialStateWire {
    public static let active = "active"
    public static let revoked = "revoked"
    /// In a ``CredentialStatusResponse``: the identity is suspended.
    public static let suspended = "suspended"
    /// In a ``CredentialStatusResponse``: the identity is deleted.
    public static let deleted = "deleted"
    /// In a ``CredentialStatusResponse``: the server does not know the credential.
    public static let unknown = "unknown"
}
