public import Foundation

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
