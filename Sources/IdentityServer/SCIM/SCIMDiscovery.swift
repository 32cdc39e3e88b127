import Foundation

/// What the service says of itself (RFC 7643 §5–§7, RFC 7644 §4): exactly what it serves. A
/// resource type is listed, with its schema, once its endpoint is (``SCIMResourceType/served``).
enum SCIMDiscovery {
    static let serviceProviderConfigSchema = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"
    static let resourceTypeSchema = "urn:ietf:params:scim:schemas:core:2.0:ResourceType"
    static let schemaSchema = "urn:ietf:params:scim:schemas:core:2.0:Schema"
    static let listResponseSchema = "urn:ietf:params:scim:api:messages:2.0:ListResponse"

    /// `/ServiceProviderConfig`: every feature it has not is `supported: false`.
    static func serviceProviderConfig(base: String, served: [SCIMResourceType] = SCIMResourceType.served) -> [String: Any] {
        let features = served.reduce(into: SCIMResourceType.Features()) { $0.formUnion($1.features) }
        return [
            "schemas": [serviceProviderConfigSchema],
            "patch": ["supported": features.contains(.patch)],
            "bulk": ["supported": false, "maxOperations": 0, "maxPayloadSize": 0],
            "filter": ["supported": features.contains(.filter), "maxResults": SCIMResourceType.maxResults],
            "changePassword": ["supported": false],
            "sort": ["supported": false],
            "etag": ["supported": features.contains(.etag)],
            "authenticationSchemes": [[
                "type": "oauthbearertoken", "name": "Provisioning token",
                "description": "A bearer token made for this realm's SCIM service through the admin API (provisioning-tokens)",
                "primary": true,
            ] as [String: Any]],
            "meta": meta("ServiceProviderConfig", location: "\(base)/ServiceProviderConfig"),
        ]
    }

    /// `/ResourceTypes/{name}`.
    static func resourceType(_ type: SCIMResourceType, base: String) -> [String: Any] {
        [
            "schemas": [resourceTypeSchema], "id": type.name, "name": type.name, "endpoint": type.endpoint,
            "description": type.description, "schema": type.schema.id,
            "meta": meta("ResourceType", location: "\(base)/ResourceTypes/\(type.name)"),
        ]
    }

    /// `/Schemas/{id}`.
    static func schema(_ schema: SCIMSchema, base: String) -> [String: Any] {
        [
            "schemas": [schemaSchema], "id": schema.id, "name": schema.name, "description": schema.description,
            "attributes": schema.attributes.map(\.definition),
            "meta": meta("Schema", location: "\(base)/Schemas/\(schema.id)"),
        ]
    }

    /// A list response of everything there is (these lists are never filtered nor paged).
    static func list(_ resources: [[String: Any]]) -> [String: Any] {
        ["schemas": [listResponseSchema], "totalResults": resources.count, "startIndex": 1, "itemsPerPage": resources.count,
         "Resources": resources]
    }

    private static func meta(_ resourceType: String, location: String) -> [String: Any] {
        ["resourceType": resourceType, "location": location]
    }
}

/// A resource type the service serves: its endpoint, its schema and the features its endpoint has.
struct SCIMResourceType: Sendable {
    let name: String
    let endpoint: String
    let description: String
    let schema: SCIMSchema
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
    static let served: [SCIMResourceType] = [user]

    /// `/Users`: the realm's identities.
    static let user = SCIMResourceType(
        name: "User", endpoint: "/Users", description: "The realm's identities",
        schema: SCIMSchema(id: SCIMUser.schema, name: "User", description: "User Account", attributes: SCIMUser.attributes),
        features: [.patch, .filter, .etag])
}

/// A resource schema (RFC 7643 §7): its URN, and the attributes the service keeps.
struct SCIMSchema: Sendable {
    let id: String
    let name: String
    let description: String
    let attributes: [SCIMAttribute]
}

/// One attribute of a schema as RFC 7643 §7 describes it.
struct SCIMAttribute: Sendable {
    let name: String
    var type = "string"
    var multiValued = false
    var description = ""
    var required = false
    var caseExact = false
    var mutability = "readWrite"
    var returned = "default"
    var uniqueness = "none"
    var subAttributes: [SCIMAttribute] = []
    var referenceTypes: [String] = []

    var definition: [String: Any] {
        var definition: [String: Any] = [
            "name": name, "type": type, "multiValued": multiValued, "description": description, "required": required,
            "caseExact": caseExact, "mutability": mutability, "returned": returned, "uniqueness": uniqueness,
        ]
        if !subAttributes.isEmpty { definition["subAttributes"] = subAttributes.map(\.definition) }
        if !referenceTypes.isEmpty { definition["referenceTypes"] = referenceTypes }
        return definition
    }
}
