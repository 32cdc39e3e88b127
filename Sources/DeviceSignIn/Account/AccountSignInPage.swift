/// The account page signed out: sign in with a passkey of the realm, or the app on another device.
package struct AccountSignInPage: Sendable {
    package let assets: String
    package let realm: String
    /// Where the passkey script asks for options, and sends the assertion.
    package let options: String
    package let signIn: String
    /// Where a sign-in with the app on another device starts (coming back here).
    package let appSignIn: String
}
