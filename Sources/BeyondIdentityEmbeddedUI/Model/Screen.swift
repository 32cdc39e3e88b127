/// One screen of a flow, as a value: what to show and which actions exist. Presenters draw it
/// and report the user's ``UserAction``; they decide nothing.
public struct Screen: Sendable, Equatable {
    /// Which screen this is.
    public var kind: ScreenKind
    /// The heading.
    public var title: String
    /// The text under the heading (may be empty).
    public var message: String
    /// Labelled facts (a credential's details).
    public var details: [Detail]
    /// A text input, if the screen asks for one.
    public var input: InputField?
    /// A code to show with its QR code and countdown.
    public var code: ShownCode?
    /// Whether work is in progress (show a spinner; the actions can only stop it).
    public var inProgress: Bool
    /// The choices, in order; the first ``ScreenAction/Role/primary`` one is the default.
    public var actions: [ScreenAction]

    /// A screen.
    public init(
        kind: ScreenKind, title: String, message: String = "", details: [Detail] = [], input: InputField? = nil,
        code: ShownCode? = nil, inProgress: Bool = false, actions: [ScreenAction]
    ) {
        self.kind = kind
        self.title = title
        self.message = message
        self.details = details
        self.input = input
        self.code = code
        self.inProgress = inProgress
        self.actions = actions
    }

    /// Whether `action` is one this screen offers (any ``UserAction/submit(_:)`` when it has an input).
    public func offers(_ action: UserAction) -> Bool {
        if case .submit = action { return input != nil }
        return actions.contains { $0.action == action }
    }
}
