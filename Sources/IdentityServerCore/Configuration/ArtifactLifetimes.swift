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
