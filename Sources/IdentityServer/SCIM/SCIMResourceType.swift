import IdentityServerCore

/// A resource type the service serves: its endpoint, its schema and the features its endpoint has.
package struct SCIMResourceType: Sendable {
    let name: String
    let endpoint: String
    let description: String
    package let schema: SCIMSchema
    let features: Features

    struct Features: OptionSet, Sendable {
        let rawValue: Int
        static let patch = Self(rawValue: 1 << 0)
        static let filter = Self(rawValue: 1 << 1)
        static let etag = Self(rawValue: 1 << 2)
    }

    /// The most resources one list answer holds.
    static let maxResults = 200

    /// The resource types whose endpoints are served, in the order they are listed.
    static let served: [SCIMResourceType] = [user, group]

    /// `/Users`: the realm's identities.
    package static let user = SCIMResourceType(
        name: "User", endpoint: "/Users", description: "The realm's identities",
        schema: SCIMSchema(id: SCIMUser.schema, name: "User", description: "User Account", attributes: SCIMUser.attributes),
        features: [.patch, .filter, .etag])

    /// `/Groups`: the realm's groups, whose names the `groups` claim releases.
    static let group = SCIMResourceType(
        name: "Group", endpoint: "/Groups", description: "The realm's groups",
        schema: SCIMSchema(id: SCIMGroup.schema, name: "Group", description: "Group", attributes: SCIMGroup.attributes),
        features: [.patch, .filter, .etag])
}
