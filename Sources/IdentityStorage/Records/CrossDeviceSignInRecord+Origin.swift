extension CrossDeviceSignInRecord {
    /// The browser that started a cross-device sign-in, as the server saw it.
    public struct Origin: Sendable, Equatable {
        /// The client address, through trusted proxies.
        public var sourceIP: String
        public var userAgent: String?
        public var referer: String?
        /// A coarse place, where a trusted proxy names one in the configured header.
        public var geolocation: String?

        /// Creates an origin.
        public init(sourceIP: String, userAgent: String?, referer: String?, geolocation: String?) {
            self.sourceIP = sourceIP
            self.userAgent = userAgent
            self.referer = referer
            self.geolocation = geolocation
        }
    }
}
