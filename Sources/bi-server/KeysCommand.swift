import ArgumentParser

/// `bi-server keys`: key management.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Manage the server's keys.", subcommands: [RotateMasterKeyCommand.self, RotateSigningKeysCommand.self])
}
