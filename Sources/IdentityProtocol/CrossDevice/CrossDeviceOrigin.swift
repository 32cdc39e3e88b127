/// Where the browser that started a cross-device sign-in comes from, as the server saw it:
/// what the user checks before approving.
public struct CrossDeviceOrigin: Codable, Sendable, Equatable {
    /// The browser's address (through the server's trusted proxies).
    public var sourceIP: String
    /// Its `User-Agent`.
    public var userAgent: String?
    /// A coarse place, only where a trusted proxy supplies one.
    public var geolocation: String?
    /// The page it came from (`Referer`), if it said.
    public var referer: String?

    /// Creates an origin.
    public init(sourceIP: String, userAgent: String?, geolocation: String?, referer: String?) {
        self.sourceIP = sourceIP
        self.userAgent = userAgent
        self.geolocation = geolocation
        self.referer = referer
    }

    enum CodingKeys: String, CodingKey {
        case sourceIP = "source_ip"
        case userAgent = "user_agent"
        case geolocation, referer
    }
}
