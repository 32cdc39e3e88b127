extension AuthenticationContext {
    /// Where the browser that started a sign-in is, as the server saw it: what tells the user
    /// whether it is their own browser.
    public struct Origin: Sendable, Hashable, Codable {
        /// The browser's IP address (through the server's trusted proxies).
        public var sourceIp: String?
        /// The browser's `User-Agent`.
        public var userAgent: String?
        /// A coarse place (a city or a country), only where a trusted proxy in front of the
        /// server supplies one.
        public var geolocation: String?
        /// The page the browser came from (`Referer`), if it said.
        public var referer: String?

        /// Creates an origin.
        public init(sourceIp: String?, userAgent: String?, geolocation: String?, referer: String?) {
            self.sourceIp = sourceIp
            self.userAgent = userAgent
            self.geolocation = geolocation
            self.referer = referer
        }
    }
}
