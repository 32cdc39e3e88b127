/// A link from an email change's mail, opened: what following it does, and the form that does it.
package struct AccountEmailLinkPage: Sendable {
    package let assets: String
    package let heading: String
    package let consequence: String
    package let action: String
    /// The link's secret, posted back by the form.
    package let token: String
    package let button: String
}
