import ArgumentParser
import Foundation
import IdentityServer
import IdentityServerCore

/// `bi-server check-config`: reads the configuration as `serve` would and prints every
/// setting's value and where it came from; exits 1 on the first value that does not read.
struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check the configuration and show every setting, its value and where it came from.",
        discussion: "Secrets (the database URL, the master key) are never shown.\n\nExample:\n  bi-server check-config --config /etc/bi/bi-server.json")

    @OptionGroup var options: ServerOptions

    @Flag(help: "Print the settings as the Markdown table of docs/operating.md instead (their keys, variables and meanings).")
    var markdown = false

    func run() throws {
        if markdown {
            print(ServerSettings.markdownTable)
            return
        }
        let resolved = try options.resolve()
        let rows = ServerSettings.all.map { setting in
            (setting.key, setting.value(in: resolved.configuration), (resolved.sources[setting.key] ?? .defaultValue).description)
        }
        let keyWidth = rows.map(\.0.count).max() ?? 0
        let valueWidth = min(48, rows.map(\.1.count).max() ?? 0)
        for (key, value, source) in rows {
            print(key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  "
                + value.padding(toLength: max(valueWidth, value.count), withPad: " ", startingAt: 0) + "  (" + source + ")")
        }
        print("configuration ok")
    }
}
