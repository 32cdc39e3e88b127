/// The account page signed in: the person's own passkeys, devices and sessions.
package struct AccountPage: Sendable {
    package let assets: String
    package let realm: String
    /// The page's own path (its forms post under it).
    package let page: String
    package let overview: AccountOverview
}
