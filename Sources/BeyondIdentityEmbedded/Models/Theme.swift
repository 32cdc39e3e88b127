public import Foundation

/// How to present a passkey's realm, as the 2.x API names it: the realm's theme as the server
/// sent it when the credential was registered (each URL `nil` where the realm sets none).
public struct Theme: Codable, Sendable, Hashable {
    /// The realm's logo for a light appearance.
    public let logoLightUrl: URL?
    /// The realm's logo for a dark appearance.
    public let logoDarkUrl: URL?
    /// Where the realm's users get help.
    public let supportUrl: URL?

    /// Creates a theme.
    public init(logoLightUrl: URL?, logoDarkUrl: URL?, supportUrl: URL?) {
        self.logoLightUrl = logoLightUrl
        self.logoDarkUrl = logoDarkUrl
        self.supportUrl = supportUrl
    }
}
