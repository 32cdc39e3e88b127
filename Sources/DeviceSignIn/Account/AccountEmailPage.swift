/// Changing the email address: the form for the new one (with what was typed and why it was
/// refused, when it was), a passkey sign-in first when the last is not fresh, or why the
/// identity's directory keeps it.
package struct AccountEmailPage: Sendable {
    package let assets: String
    package let realm: String
    /// The account page (Cancel goes back there).
    package let page: String
    package let current: String?
    package let changeable: Bool
    /// Whether the session's sign-in is recent enough to go ahead.
    package let fresh: Bool
    package let action: String
    package let email: String
    package let error: String?
    /// Where the passkey script asks for options, and sends the assertion (coming back here).
    package let options: String
    package let signIn: String
    /// Where a sign-in with the app on another device starts (coming back here).
    package let appSignIn: String
}
