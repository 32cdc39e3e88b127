import ArgumentParser
import IdentityServer
import IdentityServerCore

/// `bi-server migrate`: applies the schema migrations the database lacks, without serving.
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Apply the database migrations this version needs, then exit (servers also migrate at start).",
        discussion: "Needs no master key.\n\nExample:\n  BI_DATABASE_URL=postgres://bi:secret@db/bi bi-server migrate")

    @OptionGroup var options: ServerOptions

    func run() async throws {
        try await IdentityServer.migrate(try options.resolve().configuration)
        say("database migrated")
    }
}
