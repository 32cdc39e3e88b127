import IdentityServerCore

/// A resource type the service serves: its endpoint, its schema and the features its endpoint has.
package struct SCIMResourceType: Sendable {
    package let name: String
    package let endpoint: String
    package let description: String
    package let schema: SCIMSchema
    package let features: Features

    package struct Features: OptionSet, Sendable {
        package let rawValue: Int

        package init(rawValue: Int) {
            self.rawValue = rawValue
        }
        package static let patch = Self(rawValue: 1 << 0)
        package static let filter = Self(rawValue: 1 << 1)
        package static let etag = Self(rawValue: 1 << 2)
    }

    /// The most resources one list answer holds.
    package static let maxResults = 200

    /// The resource types whose endpoints are served, in the order they are listed.
    package static let served: [SCIMResourceType] = [user, group]

    /// `/Users`: the realm's identities.
    package static let user = SCIMResourceType(
        name: "User", endpoint: "/Users", description: "The realm's identities",
        schema: SCIMSchema(id: SCIMUser.schema, name: "User", description: "User Account", attributes: SCIMUser.attributes),
        features: [.patch, .filter, .etag])

    /// `/Groups`: the realm's groups, whose names the `groups` claim releases.
    package static let group = SCIMResourceType(
        name: "Group", endpoint: "/Groups", description: "The realm's groups",
        schema: SCIMSchema(id: SCIMGroup.schema, name: "Group", description: "Group", attributes: SCIMGroup.attributes),
        features: [.patch, .filter, .etag])
}
