extension AuthenticationContext {
    /// The application a sign-in is for.
    public struct Application: Sendable, Hashable, Codable {
        /// The application's id on the server (not its OAuth `client_id`).
        public var id: Id
        /// Its name, as the administrator set it.
        public var displayName: String?

        /// Creates an application.
        public init(id: Application.Id, displayName: String?) {
            self.id = id
            self.displayName = displayName
        }
    }
}

extension AuthenticationContext.Application {
    /// An application's id, in a type of its own as the other models' ids.
    public typealias Id = TaggedID<AuthenticationContext.Application>
}
