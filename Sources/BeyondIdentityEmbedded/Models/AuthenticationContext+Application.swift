extension AuthenticationContext {
    /// The application a sign-in is for.
    public struct Application: Sendable, Hashable {
        /// The application's id on the server (not its OAuth `client_id`).
        public var id: String
        /// Its name, as the administrator set it.
        public var displayName: String?

        /// Creates an application.
        public init(id: String, displayName: String?) {
            self.id = id
            self.displayName = displayName
        }
    }
}
