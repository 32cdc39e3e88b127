/// How a realm's apps show it: logos for light and dark backgrounds and where users get help.
/// The SDK hands it to apps with each passkey (2.x `Passkey.theme`).
public struct RealmTheme: Codable, Sendable, Equatable {
    public var logoLightURL: String?
    public var logoDarkURL: String?
    public var supportURL: String?

    /// Creates a theme.
    public init(logoLightURL: String? = nil, logoDarkURL: String? = nil, supportURL: String? = nil) {
        self.logoLightURL = logoLightURL
        self.logoDarkURL = logoDarkURL
        self.supportURL = supportURL
    }

    /// Whether it names nothing.
    public var isEmpty: Bool { logoLightURL == nil && logoDarkURL == nil && supportURL == nil }

    enum CodingKeys: String, CodingKey {
        case logoLightURL = "logo_light_url"
        case logoDarkURL = "logo_dark_url"
        case supportURL = "support_url"
    }
}
