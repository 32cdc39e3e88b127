import ArgumentParser
import IdentityProtocol

/// `bi-server`: configuration and lifecycle only; everything else is the IdentityServer library.
@main
struct BIServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bi-server",
        abstract: "The self-hosted identity server: OpenID Connect provider, device API and admin API.",
        discussion: """
            Every setting comes from a flag, a BI_* environment variable or the JSON configuration file \
            (--config, BI_CONFIG), in that order of precedence; `bi-server check-config` lists them all.

            Example:
              bi-server --port 8080 --data-directory ./data
              BI_DATABASE_URL=postgres://bi:secret@127.0.0.1/bi bi-server --public-base-url https://id.example.com
            """,
        version: "bi-server \(ProductVersion.current)",
        subcommands: [ServeCommand.self, CheckConfigCommand.self, MigrateCommand.self, KeysCommand.self, AdminTokensCommand.self, BackupCommand.self],
        defaultSubcommand: ServeCommand.self)
}
