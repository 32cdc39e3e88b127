import Foundation

/// Extension session states on the wire.
public enum ExtensionStateWire {
    /// A shows a code; nobody has claimed it.
    public static let open = "open"
    /// B has claimed; A has to endorse.
    public static let claimed = "claimed"
    /// B's credential is issued.
    public static let complete = "complete"
    /// A cancelled.
    public static let cancelled = "cancelled"
    /// Ended by an error (see ``ExtensionStatus/failure``).
    public static let failed = "failed"
}
