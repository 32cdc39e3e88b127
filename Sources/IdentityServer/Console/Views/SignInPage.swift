import IdentityServerCore

/// The sign-in form.
struct SignInPage: Sendable {
    let chrome: ConsoleChrome
    /// The form's CSRF value (also in its cookie).
    let csrf: String
    /// Why the operator is here (“You have signed out.”).
    let notice: String?
    /// Why the last attempt was refused.
    let error: String?
}
