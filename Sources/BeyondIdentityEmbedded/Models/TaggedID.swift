/// The id of one of the 2.x API's models (``Passkey/Id``, ``Tenant/Id``, ``Realm/Id``,
/// ``Identity/Id``, ``AuthenticationContext/Application/Id``): a string in a type of its own per model, so that one model's id cannot be
/// passed where another's is expected.
public struct TaggedID<Tag>: Sendable, Hashable, Codable {
    /// The id.
    public let value: String

    /// Wraps an id.
    public init(_ value: String) { self.value = value }
}
