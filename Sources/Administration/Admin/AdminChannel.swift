import IdentityServerCore

/// How an administrator reached the server: recorded as `via` in every admin audit event.
package enum AdminChannel: String, Sendable {
    /// The admin API (`/v1/admin`), with a bearer token.
    case api
    /// The web console (`/console`), in a session opened with an admin token or by an operator.
    case console
    /// `bi-server` on the server's own command line.
    case commandLine = "command_line"
}
