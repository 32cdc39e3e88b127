public import Foundation

/// How long each single-use artifact lives.
public struct ArtifactLifetimes: Sendable {
    /// An authentication transaction (from `/authorize` to the device's assertion).
    public var transaction: TimeInterval = 300
    /// An authorization code (RFC 6749 §4.1.2 recommends at most 10 minutes; we use 60 s).
    public var authorizationCode: TimeInterval = 60
    /// Access and ID tokens.
    public var token: TimeInterval = 3600
    /// An enrollment link, unless the binding job says otherwise.
    public var bindingJob: TimeInterval = 86_400

    /// The defaults.
    public init() {}
}

extension ArtifactLifetimes {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<ArtifactLifetimes>] = [
        Setting(
            "lifetimes.transaction", \.transaction, .seconds(10...3600),
            help: "A sign-in, from /authorize to the device's answer."),
        Setting(
            "lifetimes.authorization_code", \.authorizationCode, .seconds(1...600),
            help: "An authorization code (RFC 6749 §4.1.2: at most 10 minutes)."),
        Setting("lifetimes.token", \.token, .seconds(60...86_400), help: "Access and ID tokens."),
        Setting(
            "lifetimes.binding_job", \.bindingJob, .seconds(60...30 * 86_400),
            help: "An enrollment link, unless its binding job says otherwise."),
    ]
}
