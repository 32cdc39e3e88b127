import Administration
import IdentityServerCore

/// What the frame of every page shows: where the console is, who is signed in, and the CSRF
/// token of the sign-out form.
package struct ConsoleChrome: Sendable {
    /// The console's path (`/console`, or under the public base URL's path).
    package let root: String
    /// Whether an operator is signed in (the frame shows navigation and sign-out).
    package let signedIn: Bool
    /// The admin token's label.
    package let operatorLabel: String
    /// The role, as the header names it (“tenant admin”).
    package let role: String
    /// Whether the operator manages the server's own resources (admin tokens).
    package let serverWide: Bool
    /// The session's CSRF token.
    package let csrf: String

    /// The frame for a request: signed in when the session middleware found a session.
    package init(root: String, session: ConsoleSession?) {
        self.root = root
        self.signedIn = session != nil
        self.operatorLabel = session?.admin.label ?? ""
        self.role = session?.admin.role.title ?? ""
        self.serverWide = session?.admin.may(.manageServer) ?? false
        self.csrf = session?.csrfToken ?? ""
    }
}
