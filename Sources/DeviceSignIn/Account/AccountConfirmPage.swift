/// A change on the account page that asks first: what it does, a warning where it leaves the
/// person without a way in, and either its form or (without a fresh proof) a passkey sign-in
/// that comes back here.
package struct AccountConfirmPage: Sendable {
    package let assets: String
    package let realm: String
    /// The account page (Cancel goes back there).
    package let page: String
    package let heading: String
    package let consequence: String
    package let warning: String?
    /// Whether the session's sign-in is recent enough to go ahead.
    package let fresh: Bool
    package let action: String
    package let button: String
    /// Where the passkey script asks for options, and sends the assertion (coming back here).
    package let options: String
    package let signIn: String
    /// Where a sign-in with the app on another device starts (coming back here).
    package let appSignIn: String
}
