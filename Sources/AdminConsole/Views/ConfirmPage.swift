import IdentityServerCore

/// Asks before a destructive action.
package struct ConfirmPage: Sendable {
    package let chrome: ConsoleChrome
    /// “Delete identity alice?”
    package let heading: String
    /// What will happen, in plain words.
    package let consequence: String
    /// The path the confirmation posts to.
    package let action: String
    /// The button's label (“Delete identity”).
    package let button: String
    /// Where Cancel goes.
    package let cancel: String
    /// The name the operator must type to confirm, for what cannot be undone at scale.
    package var typeToConfirm: String? = nil
    /// Why the last try was refused (the name typed was not it).
    package var error: String? = nil
}
