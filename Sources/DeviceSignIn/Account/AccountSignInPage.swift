/// The account page signed out: sign in with a passkey of the realm.
package struct AccountSignInPage: Sendable {
    package let assets: String
    package let realm: String
    /// Where the passkey script asks for options, and sends the assertion.
    package let options: String
    package let signIn: String
}
