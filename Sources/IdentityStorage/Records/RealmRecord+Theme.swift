extension RealmRecord {
    /// How the realm's apps show it (absolute URLs, each optional).
    public struct Theme: Sendable, Equatable {
        public var logoLightURL: String?
        public var logoDarkURL: String?
        public var supportURL: String?

        /// Creates a theme.
        public init(logoLightURL: String? = nil, logoDarkURL: String? = nil, supportURL: String? = nil) {
            self.logoLightURL = logoLightURL
            self.logoDarkURL = logoDarkURL
            self.supportURL = supportURL
        }
    }
}
