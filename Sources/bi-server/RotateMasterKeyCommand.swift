import ArgumentParser
import Foundation
import IdentityServer
import IdentityServerCore

/// `bi-server keys rotate-master`: re-seals every secret under a new master key.
struct RotateMasterKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate-master",
        abstract: "Re-seal every secret in the database under a new master key, in one transaction.",
        discussion: """
            Stop every server on the database first: they hold the old key. With the key in the data \
            directory's master.key, a new key is made and replaces that file. With the key configured \
            (master_key, BI_MASTER_KEY), give the new one with --new-key-file (make it with \
            `openssl rand -hex 32`), then configure it on every server. Sign-ins under way and \
            second-device codes on screen stop working.

            Examples:
              bi-server keys rotate-master --data-directory ./data
              BI_MASTER_KEY=… bi-server keys rotate-master --database-url postgres://… --new-key-file new.key
            """)

    @OptionGroup var options: ServerOptions

    @Option(help: "A file holding the new key (64 hex digits or base64 of 32 bytes), when the key is configured rather than a file.")
    var newKeyFile: String?

    func run() async throws {
        let configuration = try options.resolve().configuration
        if let newKeyFile {
            guard configuration.masterKey != nil else {
                throw ValidationError("the master key is the data directory's master.key: leave out --new-key-file, a new key replaces that file")
            }
            guard let newKey = FileManager.default.contents(atPath: newKeyFile).map({ String(decoding: $0, as: UTF8.self) }) else {
                throw ValidationError("cannot read \(newKeyFile)")
            }
            let count = try await IdentityServer.rotateMasterKey(configuration, to: newKey)
            say("re-sealed \(count) secrets under the key in \(newKeyFile); configure it (master_key, BI_MASTER_KEY) on every server, then start them")
        } else {
            guard configuration.masterKey == nil else {
                throw ValidationError("the master key is configured (master_key, BI_MASTER_KEY): give the new one with --new-key-file")
            }
            let count = try await IdentityServer.rotateMasterKeyFile(configuration)
            say("re-sealed \(count) secrets; \(configuration.dataDirectory.appendingPathComponent("master.key").path) holds the new key")
        }
    }
}
