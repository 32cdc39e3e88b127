import ArgumentParser
import BeyondIdentityEmbedded
import Foundation

/// A device: a directory holding the SDK's key store (`keys/`) and the app's settings
/// (`settings.json`: server, client id, redirect URI).
struct DeviceOptions: ParsableArguments {
    @Option(help: "The device directory (BI_DEVICE).")
    var device: String?

    /// The directory, from `--device` or `BI_DEVICE`.
    func directory() throws -> URL {
        guard let path = device ?? ProcessInfo.processInfo.environment["BI_DEVICE"], !path.isEmpty else {
            throw CLIError("no device: pass --device DIR or set BI_DEVICE")
        }
        return URL(fileURLWithPath: path)
    }

    /// The SDK configured as this device's app, the way an app calls `Embedded.initialize`.
    func sdk() throws -> Embedded {
        let directory = try directory()
        let settings = try DeviceSettings.load(from: directory)
        guard let server = URL(string: settings.server) else { throw CLIError("bad server URL in settings: \(settings.server)") }
        return Embedded(
            biometricAskPrompt: "Sign in with this device", clientID: settings.clientID,
            domain: Domain(baseURL: server), redirectURI: settings.redirectURI,
            keyStore: FileKeyStore(directory: directory.appendingPathComponent("keys")))
    }
}

/// What `bi device configure` stores.
struct DeviceSettings: Codable, Equatable {
    var server: String
    var clientID: String
    var redirectURI: String

    enum CodingKeys: String, CodingKey {
        case server
        case clientID = "client_id"
        case redirectURI = "redirect_uri"
    }

    static func load(from directory: URL) throws -> DeviceSettings {
        let file = directory.appendingPathComponent("settings.json")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CLIError("device \(directory.path) is not configured: run `bi device configure`")
        }
        return try JSONDecoder().decode(DeviceSettings.self, from: data)
    }

    func save(to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(self).write(to: directory.appendingPathComponent("settings.json"), options: .atomic)
    }
}
