import ArgumentParser
import BeyondIdentityEmbedded
import Foundation

extension DeviceCommand {
    struct Refresh: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Renew the device's sign-in with its refresh token (the saved one is spent and replaced).",
            discussion: "Example: bi device refresh --device ./phone")
        @OptionGroup var device: DeviceOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            try await Output.run {
                let directory = try device.directory()
                let renewed = DeviceSession(try await device.sdk().refreshTokens(try DeviceSession.load(from: directory).tokens))
                try renewed.save(to: directory)
                try Output.emit(renewed, json: output.json, lines: ["session renewed; ID token verified"] + renewed.lines)
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
