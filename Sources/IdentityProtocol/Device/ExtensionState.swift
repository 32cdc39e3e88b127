/// The state of an extension session (``ExtensionStatus/state``).
///
/// Open (``OpenWireValue``): a newer server may send a value this version does not know.
public struct ExtensionState: OpenWireValue {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A shows a code; nobody has claimed it.
    public static let open = Self(rawValue: "open")
    /// B has claimed; A has to endorse.
    public static let claimed = Self(rawValue: "claimed")
    /// B's credential is issued.
    public static let complete = Self(rawValue: "complete")
    /// A cancelled.
    public static let cancelled = Self(rawValue: "cancelled")
    /// Ended by an error (see ``ExtensionStatus/failure``).
    public static let failed = Self(rawValue: "failed")
}
