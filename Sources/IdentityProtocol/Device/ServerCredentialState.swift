/// The state of a credential as the server reports it: in ``CredentialDescriptor``, ``AdminCredential`` and ``CredentialStatusResponse``.
///
/// (The SDK's own `CredentialState` is the device-side view it maps this to.)
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct ServerCredentialState: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The credential works.
    public static let active = Self(rawValue: "active")
    /// The credential was revoked.
    public static let revoked = Self(rawValue: "revoked")
    /// In a ``CredentialStatusResponse``: the identity is suspended.
    public static let suspended = Self(rawValue: "suspended")
    /// In a ``CredentialStatusResponse``: the identity is deleted.
    public static let deleted = Self(rawValue: "deleted")
    /// In a ``CredentialStatusResponse``: the server does not know the credential.
    public static let unknown = Self(rawValue: "unknown")
}
