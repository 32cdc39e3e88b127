public import Foundation

/// The rotation of the realms' token-signing keys (the master key and the realm CA keys
/// are not touched by it).
public struct SigningKeySettings: Sendable {
    /// How long a key signs before a successor replaces it; `nil` never rotates on a schedule.
    public var lifetime: TimeInterval? = 90 * 86_400
    /// How long a successor is published (in JWKS) before it signs, so that relying parties
    /// that cache the key set have it in time.
    public var prepublication: TimeInterval = 86_400
    /// How often keys are checked for their rotation.
    public var checkInterval: Duration = .seconds(600)

    /// The defaults.
    public init() {}
}
