import ArgumentParser
import BeyondIdentityEmbedded
import Dispatch
import Foundation
import QRCodeEncoder
import Synchronization

/// `bi extend`: shows the code (and its QR code) that adds this device's credential to another
/// device, with a countdown to the next code; Ctrl-C cancels. With `--json`, one JSON object
/// per line and event (`code`, `done`, `aborted`).
struct Extend: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add this device's credential to another device: show a 9-digit code and its QR code.",
        discussion: "Example: bi extend --device ./phone     (then, on the other device: bi import --device ./laptop CODE)")
    @OptionGroup var device: DeviceOptions
    @OptionGroup var output: OutputOptions
    @Option(help: "The credential to extend when the device has several.") var credential: String?

    func run() async throws {
        try await Output.run {
            let sdk = try device.sdk()
            let handle = try await chosenCredential(sdk)
            let interrupt = Interrupt { try? await sdk.cancelExtendCredentials() }
            defer { interrupt.stop() }
            let countdown = Countdown(enabled: !output.json && isatty(STDOUT_FILENO) == 1)
            for try await status in sdk.extendCredentials(handles: [handle]) {
                countdown.stop()
                switch status {
                case let .started(token, qrCode), let .tokenUpdated(token, qrCode):
                    try show(token, qrCode)
                    countdown.start(until: token.validUntil)
                case .done:
                    try Output.event(Event(event: "done"), json: output.json, lines: ["the other device has its credential"])
                case .aborted:
                    try Output.event(Event(event: "aborted"), json: output.json, lines: ["cancelled; the code no longer works"])
                    throw ExitCode(130)
                }
            }
        }
    }

    private func chosenCredential(_ sdk: Embedded) async throws -> Credential.Handle {
        let credentials = try await sdk.getCredentials().filter { $0.state == .active }
        if let credential { return Credential.Handle(credential) }
        guard credentials.count == 1, let only = credentials.first else {
            throw CLIError(credentials.isEmpty ? "this device has no active credential" : "several credentials: pass --credential HANDLE")
        }
        return only.handle
    }

    private func show(_ token: CredentialToken, _ qrCode: QRCode?) throws {
        let seconds = token.validUntil.map { max(0, Int($0.timeIntervalSinceNow.rounded())) }
        try Output.event(Event(event: "code", code: token.value, expiresIn: seconds), json: output.json, lines: [
            "", qrCode?.terminalText() ?? "", "enter this code on the other device:  \(token.formatted)",
        ])
    }

    /// One line of `--json` output per event.
    private struct Event: Encodable {
        var event: String
        var code: String?
        var expiresIn: Int?

        enum CodingKeys: String, CodingKey {
            case event, code
            case expiresIn = "expires_in"
        }
    }
}

/// `bi import CODE`: registers a credential on this device from the code another device shows.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import a credential from another device with the 9-digit code it shows (`bi extend`).",
        discussion: "Example: bi import --device ./laptop 182 059 252 (the device must be configured first: bi device configure)")
    @OptionGroup var device: DeviceOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The code the other device shows, as shown (`182 059 252`) or not (spaces and dashes are ignored).")
    var code: [String]

    func run() async throws {
        try await Output.run {
            let credentials = try await device.sdk().registerCredentials(token: CredentialToken(value: code.joined()))
            let views = credentials.map(CredentialView.init)
            try Output.emit(views, json: output.json, lines: ["imported:"] + views.flatMap(\.lines))
        }
    }
}

/// A one-line countdown to the next code, rewritten every second on a terminal.
private final class Countdown: Sendable {
    private let enabled: Bool
    private let ticker = Mutex<Task<Void, Never>?>(nil)

    init(enabled: Bool) { self.enabled = enabled }

    func start(until deadline: Date?) {
        guard enabled, let deadline else { return }
        let task = Task {
            while !Task.isCancelled {
                let left = max(0, Int(deadline.timeIntervalSinceNow.rounded()))
                FileHandle.standardOutput.write(Data("\r  new code in \(left) s  (Ctrl-C cancels) ".utf8))
                try? await Task.sleep(for: .seconds(1))
            }
        }
        ticker.withLock { $0 = task }
    }

    func stop() {
        ticker.withLock { $0?.cancel(); $0 = nil }
        if enabled { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
    }
}
