/// One operator: role, scope, status, console sessions, and the form that changes the role.
package struct OperatorPage: Sendable {
    /// One console session.
    package struct SessionRow: Sendable {
        package let signedIn: String
        package let lastSeen: String
        package let from: String
        /// Where the form that ends it posts.
        package let endAction: String
    }

    package let chrome: ConsoleChrome
    package let notice: String?
    /// Who, as the operators' list shows them; `href` is this page (the role form posts here).
    package let person: OperatorsPage.Row
    /// The operator's identity page (suspend, enrollment links, passkeys).
    package let identityHref: String
    package let sessions: [SessionRow]
    package let reach: RoleAndScopeFields
    package let errors: [String: String]
}
