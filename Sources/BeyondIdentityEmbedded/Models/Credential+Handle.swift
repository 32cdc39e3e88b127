extension Credential {
    /// Identifies a credential: its id on the server.
    public struct Handle: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
        /// The credential id.
        public var rawValue: String

        /// Wraps a credential id.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Wraps a credential id.
        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The credential id.
        public var description: String { rawValue }
    }
}
