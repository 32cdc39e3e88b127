import IdentityServerCore

/// The sign-in form.
package struct ConsoleSignInPage: Sendable {
    package let chrome: ConsoleChrome
    /// The form's CSRF value (also in its cookie).
    package let csrf: String
    /// Why the operator is here (“You have signed out.”).
    package let notice: String?
    /// Why the last attempt was refused.
    package let error: String?
    /// The console page (path and query) to go on to once signed in.
    package let next: String?
    /// The operators' account page, where operators sign in as people; `nil` without one.
    package let operatorSignIn: String?
    /// Whether the form that takes an admin token is offered (``ConsoleSettings/adminTokenSignIn``).
    package let tokenSignIn: Bool
}
