/// Naming a passkey or device as the person calls it: the form, with what was typed and why it
/// was refused when it was.
package struct AccountRenamePage: Sendable {
    package let assets: String
    package let realm: String
    /// The account page (Cancel goes back there).
    package let page: String
    package let action: String
    package let name: String
    package let error: String?
}
