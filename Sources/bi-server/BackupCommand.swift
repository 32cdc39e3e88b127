import ArgumentParser
import Foundation
import IdentityServer
import IdentityServerCore

/// `bi-server backup`: a consistent copy of the SQLite database, taken while serving.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the SQLite database consistently, while servers keep serving (VACUUM INTO).",
        discussion: """
            The copy does not hold the master key: keep master.key (or BI_MASTER_KEY) with it, \
            separately. PostgreSQL is backed up with pg_dump. docs/operating.md: Backup and restore.

            Example:
              bi-server backup --data-directory /var/lib/bi --to /backups/bi-$(date +%F).sqlite
            """)

    @OptionGroup var options: ServerOptions

    @Option(help: "The file to write (it must not exist).")
    var to: String

    func run() async throws {
        try await IdentityServer.backup(try options.resolve().configuration, to: URL(fileURLWithPath: to))
        say("backed up to \(to); keep the master key with it, separately")
    }
}
