public import Foundation
package import IdentityServerCore

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

extension SigningKeySettings {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<SigningKeySettings>] = [
        Setting(
            "signing_keys.lifetime", \.lifetime, .secondsOrForever(86_400...10 * 365 * 86_400),
            help: "How long a token-signing key signs before its successor takes over; 0 never rotates on a schedule."),
        Setting(
            "signing_keys.prepublication", \.prepublication, .seconds(600...30 * 86_400),
            help: "How long a successor is published in JWKS before it signs (longer than relying parties cache JWKS)."),
    ]
}
