import ArgumentParser
import IdentityProtocol

/// `bi`: the one-command demo, the sample app on the SDK, and the admin client.
@main
struct BI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bi",
        abstract: "Passwordless sign-in from the terminal: demo, device (sample app) and admin client.",
        discussion: "Example: bi demo",
        version: "bi \(ProductVersion.current)",
        subcommands: [DemoCommand.self, DeviceCommand.self, Extend.self, Import.self, UICommand.self, AdminCommand.self])
}
