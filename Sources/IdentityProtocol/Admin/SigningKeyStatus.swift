/// Where a realm's signing key is in its life (``AdminSigningKey/status``).
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct SigningKeyStatus: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Signs tokens now.
    public static let current = Self(rawValue: "current")
    /// Published in JWKS, signing from `activates_at` (a rotation's successor).
    public static let next = Self(rawValue: "next")
    /// No longer signs; published while the tokens it signed may live.
    public static let retired = Self(rawValue: "retired")
}
