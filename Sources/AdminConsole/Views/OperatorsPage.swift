/// The operators: who signs in to the console, with what role, and the form that adds one.
package struct OperatorsPage: Sendable {
    /// One operator.
    package struct Row: Sendable {
        package let username: String
        package let name: String
        package let role: String
        package let scope: String
        package let status: String
        package let href: String
    }

    package let chrome: ConsoleChrome
    package let notice: String?
    package let operators: [Row]
    package let reach: RoleAndScopeFields
    package let next: String?
    package let errors: [String: String]
    package let values: [String: String]
    /// The single-use id of the form that adds an operator (its link is shown once).
    package let formID: String
}
