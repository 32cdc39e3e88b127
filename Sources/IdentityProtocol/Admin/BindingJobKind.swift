/// What a credential binding job enrolls (``BindingJob/kind``).
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct BindingJobKind: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A first credential, or one more.
    public static let registration = Self(rawValue: "registration")
    /// A credential that replaces the identity's others (unless it keeps them).
    public static let recovery = Self(rawValue: "recovery")
}
