/// Where a binding job is (``BindingJob/status``).
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct BindingJobStatus: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Its link has not been used.
    public static let pending = Self(rawValue: "pending")
    /// A credential was bound with it.
    public static let complete = Self(rawValue: "complete")
    /// Revoked before it was used: its link works no more.
    public static let revoked = Self(rawValue: "revoked")
}
