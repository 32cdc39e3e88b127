/// One choice on a screen: what it does and how it is labelled.
public struct ScreenAction: Sendable, Hashable {
    /// How a presenter should weigh a choice.
    public enum Role: String, Sendable, Hashable {
        /// The choice most users want.
        case primary
        /// An ordinary choice.
        case normal
        /// A choice that deletes or replaces something.
        case destructive
        /// A way out (back, cancel, close).
        case dismiss
    }

    /// What choosing it reports.
    public var action: UserAction
    /// Its label, from ``UIStrings``.
    public var label: String
    /// How to weigh it.
    public var role: Role

    /// A choice.
    public init(_ action: UserAction, _ label: String, role: Role = .normal) {
        self.action = action
        self.label = label
        self.role = role
    }
}
