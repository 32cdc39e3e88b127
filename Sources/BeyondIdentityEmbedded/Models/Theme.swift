public import Foundation

/// How to present a passkey's realm, as the 2.x API names it. Optional here, unlike the
/// vendor's: the server does not send realms' themes yet, so every URL is `nil` for now.
public struct Theme: Sendable, Hashable {
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
