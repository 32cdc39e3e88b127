import IdentityServerCore

/// Asks before a destructive action.
struct ConfirmPage: Sendable {
    let chrome: ConsoleChrome
    /// “Delete identity alice?”
    let heading: String
    /// What will happen, in plain words.
    let consequence: String
    /// The path the confirmation posts to.
    let action: String
    /// The button's label (“Delete identity”).
    let button: String
    /// Where Cancel goes.
    let cancel: String
}
