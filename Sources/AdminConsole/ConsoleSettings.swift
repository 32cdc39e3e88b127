public import Foundation

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

    /// The defaults.
    public init() {}
}
