import ArgumentParser
import BeyondIdentityEmbedded
import Foundation

extension DeviceCommand {
    struct Refresh: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Renew the device's sign-in with its refresh token (the saved one is spent and replaced).",
            discussion: """
                Prints who is signed in and the new access token's type, scope and expiry; --show-tokens or --json prints the tokens.
                Example: bi device refresh --device ./phone
                """)
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var tokens: TokenOptions

        func run() async throws {
            try await Output.run {
                let (directory, sdk) = (try device.directory(), try device.sdk())
                let renewed = await SignInReport(try await sdk.refreshTokens(try DeviceSession.load(from: directory).tokens), sdk: sdk)
                try renewed.session.save(to: directory)
                try Output.emit(renewed, json: output.json, lines: renewed.lines("session renewed for", showTokens: tokens.showTokens))
            }
        }
    }

    struct SignOut: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sign-out",
            abstract: "End the device's sign-in at the server (its refresh and access tokens) and forget it.",
            discussion: "Example: bi device sign-out --device ./phone")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await Output.run {
                let directory = try device.directory()
                try await device.sdk().endSession(try DeviceSession.load(from: directory).tokens)
                try DeviceSession.remove(from: directory)
                try Output.emit(["signed_out": true], json: output.json, lines: ["signed out"])
            }
        }
    }
}
