public import Foundation
package import IdentityServerCore

/// Timing and limits of credential extension (adding a second device with a 9-digit code).
public struct CredentialExtensionSettings: Sendable {
    /// How long a code works before the first device replaces it (the seed's 90 s).
    public var codeLifetime: TimeInterval = 90
    /// How long a session lives at most, whatever its state.
    public var sessionLifetime: TimeInterval = 600
    /// The first device counts as gone when it has not polled for this long, and a claim
    /// it has not endorsed within this long fails.
    public var holderTimeout: TimeInterval = 60
    /// How often a waiting long poll re-reads its session anyway. Changes wake it at once
    /// (on another instance through PostgreSQL notifications); this is the safety net for a
    /// notification lost while the listening connection reconnects.
    public var recheckInterval: Duration = .seconds(5)
    /// Code claims one client address may attempt per minute.
    public var claimsPerAddressPerMinute = 10
    /// Code claims all clients together may attempt per minute.
    public var claimsPerMinute = 120

    /// The defaults.
    public init() {}
}

extension CredentialExtensionSettings {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<CredentialExtensionSettings>] = [
        Setting(
            "extension.code_lifetime", \.codeLifetime, .seconds(30...600),
            help: "How long a second-device code works before the first device replaces it."),
        Setting(
            "extension.session_lifetime", \.sessionLifetime, .seconds(60...3600),
            help: "How long a second-device session lives at most."),
        Setting(
            "extension.holder_timeout", \.holderTimeout, .seconds(10...600),
            help: "The first device counts as gone when it has not polled for this long."),
        Setting(
            "extension.claims_per_address_per_minute", \.claimsPerAddressPerMinute, .integer(1...10_000),
            help: "Code claims one client network may attempt per minute."),
        Setting(
            "extension.claims_per_minute", \.claimsPerMinute, .integer(1...1_000_000),
            help: "Code claims all clients together may attempt per minute (docs/protocol.md: Guessing a code)."),
    ]
}
