/// Whether an admin token works (``AdminToken/status``).
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct AdminTokenStatus: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// It works.
    public static let active = Self(rawValue: "active")
    /// Its expiry has passed.
    public static let expired = Self(rawValue: "expired")
    /// It was revoked.
    public static let revoked = Self(rawValue: "revoked")
}
