/// The organization a passkey's realm belongs to, as the 2.x API names it.
public struct Tenant: Sendable, Hashable {
    /// The tenant's id.
    public let id: Id
    /// The tenant's display name.
    public let displayName: String

    /// Creates a tenant.
    public init(id: Tenant.Id, displayName: String) {
        self.id = id
        self.displayName = displayName
    }
}

extension Tenant {
    /// A tenant's id.
    public typealias Id = TaggedID<Tenant>
}
