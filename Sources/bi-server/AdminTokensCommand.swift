import ArgumentParser
import IdentityServer
import IdentityServerCore

/// `bi-server admin-tokens`: admin tokens made at the server, not through the admin API.
struct AdminTokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin-tokens", abstract: "Manage admin tokens from the server's command line.",
        subcommands: [CreateAdminTokenCommand.self])
}

/// `bi-server admin-tokens create`: a way back in for an operator whose admin tokens are all
/// lost, expired or revoked.
struct CreateAdminTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create an admin token directly in the database and print it (once).",
        discussion: """
            For an operator locked out of the admin API; otherwise use POST /v1/admin/tokens \
            (bi admin tokens create). Audited as made by the command line. Servers keep serving.

            Example:
              bi-server admin-tokens create --data-directory ./data --label recovery --expires-in 3600
            """)

    @OptionGroup var options: ServerOptions

    @Option(help: "What the token is for.")
    var label: String

    @Option(help: "Scope the token to this tenant (default: every tenant).")
    var tenant: String?

    @Option(help: "Seconds until it expires (default: never).")
    var expiresIn: Int?

    func run() async throws {
        let created = try await IdentityServer.createAdminToken(
            try options.resolve().configuration, label: label, tenantID: tenant, expiresIn: expiresIn)
        say("admin token \(created.id):")
        print(created.token)
    }
}
