public import Foundation
package import IdentityServerCore

/// The operators' web console at `{public base URL}/console`.
public struct ConsoleSettings: Sendable {
    /// Whether the console is served at all.
    public var enabled = true
    /// A console session ends after this long without a request.
    public var idleTimeout: TimeInterval = 30 * 60
    /// A console session ends this long after sign-in, however active.
    public var sessionLifetime: TimeInterval = 12 * 3600
    /// Sign-in attempts one client network may make per minute.
    public var signInsPerAddressPerMinute = 10
    /// Whether the console also takes an admin token at sign-in: a way back in when no operator
    /// can sign in. Off, operators sign in as people only (a passkey, or the app on their phone),
    /// and sessions opened with a token end.
    public var adminTokenSignIn = false

    /// The defaults.
    public init() {}
}

extension ConsoleSettings {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<ConsoleSettings>] = [
        Setting("console.enabled", \.enabled, .boolean, help: "Whether the operators' web console is served at /console."),
        Setting(
            "console.idle_timeout", \.idleTimeout, .seconds(60...86_400),
            help: "A console session ends after this long without a request."),
        Setting(
            "console.session_lifetime", \.sessionLifetime, .seconds(300...7 * 86_400),
            help: "A console session ends this long after sign-in, however active."),
        Setting(
            "console.sign_ins_per_address_per_minute", \.signInsPerAddressPerMinute, .integer(1...10_000),
            help: "Console sign-in attempts one client network may make per minute."),
        Setting(
            "console.admin_token_sign_in", \.adminTokenSignIn, .boolean,
            help: "Whether the console also takes an admin token at sign-in, a way back in; off, operators sign in with a passkey or their phone only."),
    ]
}
