import ArgumentParser
import BeyondIdentityEmbedded
import Foundation

/// `bi device approve URL`: answers a sign-in a browser on another device started: shows where
/// it comes from, asks, then approves it with the device key or declines it.
struct Approve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Approve (or decline) a sign-in started in a browser on another device, from the sign-in URL it shows.",
        discussion: """
            Prints the application, when the sign-in started, and the browser's address, user agent, place \
            and referer, then asks "Approve this sign-in? [y/N]" (anything but y or yes declines). Approve \
            only a sign-in you started yourself. With --json, one object with the context and the outcome \
            (the question then goes to standard error).
            Example: bi device approve --device ./phone 'http://127.0.0.1:8080/v1/cross-device?request=BCDF-GHJK'
            """)
    @OptionGroup var device: DeviceOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The sign-in URL the browser shows (under its QR code).") var url: String
    @Flag(help: "Approve without asking (for scripts).") var yes = false
    @Option(help: "The credential to use when several fit.") var credential: String?

    func run() async throws {
        try await Output.run {
            let sdk = try device.sdk()
            guard let signInURL = URL(string: url), sdk.isAuthenticateUrl(signInURL) else {
                throw CLIError("not a sign-in URL of this device's server: \(url)")
            }
            let context = try await sdk.getAuthenticationContext(url: signInURL)
            var report = ApprovalReport(context)
            // Written at once (unbuffered), so it shows before the question.
            if !output.json { try Output.event(report, json: false, lines: report.contextLines) }
            if yes || Self.userAgrees(prompting: output.json ? .standardError : .standardOutput) {
                let response = try await sdk.authenticate(url: signInURL, onSelectCredential: Selection.pick(credential))
                (report.state, report.message) = ("approved", response.message ?? "")
            } else {
                try await sdk.declineAuthentication(url: signInURL)
                (report.state, report.message) = ("declined", "Nobody was signed in.")
            }
            try Output.emit(report, json: output.json, lines: ["\(report.state): \(report.message)"])
        }
    }

    /// Asks the question on `prompt` and reads the answer from standard input; only `y` or
    /// `yes` (any case) agree, and the end of the input does not.
    private static func userAgrees(prompting prompt: FileHandle) -> Bool {
        prompt.write(Data("Approve this sign-in? [y/N] ".utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
        return answer == "y" || answer == "yes"
    }
}

/// What `bi device approve` prints: the sign-in's context and what became of it.
private struct ApprovalReport: Encodable {
    let application: String
    let applicationId: String
    let startedAt: Date
    let sourceIp: String?
    let userAgent: String?
    let geolocation: String?
    let referer: String?
    /// `approved` or `declined`.
    var state = ""
    var message = ""

    init(_ context: AuthenticationContext) {
        application = context.application.displayName ?? context.application.id.value
        applicationId = context.application.id.value
        startedAt = context.startedAt
        sourceIp = context.origin.sourceIp
        userAgent = context.origin.userAgent
        geolocation = context.origin.geolocation
        referer = context.origin.referer
    }

    /// The context, for people.
    var contextLines: [String] {
        let ago = max(0, Int(Date().timeIntervalSince(startedAt)))
        return [
            "sign-in to \(application) (application \(applicationId))",
            "  started: \(startedAt.formatted(.iso8601)) (\(ago) s ago)",
            "  browser address: \(sourceIp ?? "not known")",
            "  user agent: \(userAgent ?? "not given")",
            "  place: \(geolocation ?? "not known")",
            "  referer: \(referer ?? "none")",
        ]
    }
}
