import ArgumentParser
import BeyondIdentityEmbedded
import BeyondIdentityEmbeddedUI
import Foundation

/// `bi ui …`: the EmbeddedUI flows in the terminal, on a device directory.
struct UICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "The ready-made screens (EmbeddedUI) in the terminal: sign in, settings, registration, approving a sign-in, an email code.",
        discussion: """
            Type the number of a choice (or a code where one is asked) and press Enter; Ctrl-C cancels.
            Examples:
              bi ui --device ./phone
              bi ui settings --device ./phone
              bi ui approve --device ./phone
            """,
        subcommands: [Button.self, Settings.self, Register.self, Approve.self, EmailCode.self],
        defaultSubcommand: Button.self)

    /// A URL argument, or an error that quotes it.
    static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw CLIError("not a URL: \(text)") }
        return url
    }

    struct Button: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The sign-in button: continue with a credential on this device, or get one.",
            discussion: "Example: bi ui button --device ./phone --flow authorize --scope 'openid profile'")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var options: UIOptions

        func run() async throws {
            try await options.run(device) { ui, presenter in
                await ui.continueWithBeyondIdentity(presenter: presenter, authFlow: options.authFlow, config: options.config)
            }
        }
    }

    struct Settings: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Settings: the device's credentials; details, delete, add to another device, add one here.",
            discussion: "Example: bi ui settings --device ./phone")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var options: UIOptions

        func run() async throws {
            try await options.run(device) { ui, presenter in await ui.openSettings(presenter: presenter, config: options.config) }
        }
    }

    struct Register: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Register a credential from an enrollment link, then sign in with it.",
            discussion: "Example: bi ui register --device ./phone 'http://127.0.0.1:8080/v1/bind?token=…'")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var options: UIOptions
        @Argument(help: "The link from the enrollment email.") var link: String

        func run() async throws {
            let url = try UICommand.url(link)
            try await options.run(device) { ui, presenter in
                await ui.registerCredentialAndLogin(presenter: presenter, url: url, config: RegisterConfig(
                    authFlowType: options.authFlow, supportURL: options.config.supportURL,
                    recoverUserAction: options.config.recoverUserAction))
            }
        }
    }

    struct Approve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Approve a sign-in started in a browser on another device: paste its sign-in URL, check where it comes from.",
            discussion: """
                Without URL, the first screen asks for the sign-in URL the browser shows under its QR code.
                Example: bi ui approve --device ./phone 'http://127.0.0.1:8080/v1/cross-device?request=BCDF-GHJK'
                """)
        @OptionGroup var device: DeviceOptions
        @OptionGroup var options: UIOptions
        @Argument(help: "The sign-in URL, if you have it already.") var url: String?

        func run() async throws {
            let signInURL = try url.map(UICommand.url)
            try await options.run(device) { ui, presenter in
                await ui.approveSignIn(presenter: presenter, url: signInURL, supportURL: options.config.supportURL)
            }
        }
    }

    struct EmailCode: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "email-code",
            abstract: "Answer a sign-in on a device without a credential with a code sent by email, then set up this device.",
            discussion: """
                URL is the invoke URL a relying party's /authorize redirects to (…?transaction=…&api_base_url=…); the \
                application must offer email codes (bi admin applications update --sign-in-method same_device --sign-in-method email_code, and \
                --email-code-binding true to set up the device). Prints the redirect URL to open.
                Example: bi ui email-code --device ./new-phone 'https://app.example/invoke?transaction=…&api_base_url=…'
                """)
        @OptionGroup var device: DeviceOptions
        @OptionGroup var options: UIOptions
        @Argument(help: "The invoke URL of the sign-in.") var url: String

        func run() async throws {
            let invokeURL = try UICommand.url(url)
            try await options.run(device) { ui, presenter in
                await ui.signInWithEmailCode(presenter: presenter, url: invokeURL, supportURL: options.config.supportURL)
            }
        }
    }
}
