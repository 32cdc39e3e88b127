/// The status of an identity (``Identity/status``).
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct IdentityStatus: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Can enroll credentials and sign in.
    public static let active = Self(rawValue: "active")
    /// Cannot sign in; its credentials stay and work again when it is active.
    public static let suspended = Self(rawValue: "suspended")
    /// Gone: its credentials are revoked and its sessions ended.
    public static let deleted = Self(rawValue: "deleted")
}
