extension Credential {
    /// The key store's reference to a private key; it names the key, it is not the key.
    public struct KeyHandle: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
        /// The reference, unique within one key store.
        public var rawValue: String

        /// Wraps a key reference.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The reference.
        public var description: String { rawValue }
    }
}
