import Foundation
import IdentityServerCore

/// What the service says of itself (RFC 7643 §5–§7, RFC 7644 §4): exactly what it serves. A
/// resource type is listed, with its schema, once its endpoint is (``SCIMResourceType/served``).
package enum SCIMDiscovery {
    package static let serviceProviderConfigSchema = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"
    package static let resourceTypeSchema = "urn:ietf:params:scim:schemas:core:2.0:ResourceType"
    package static let schemaSchema = "urn:ietf:params:scim:schemas:core:2.0:Schema"
    package static let listResponseSchema = "urn:ietf:params:scim:api:messages:2.0:ListResponse"

    /// `/ServiceProviderConfig`: every feature it has not is `supported: false`.
    package static func serviceProviderConfig(base: String, served: [SCIMResourceType] = SCIMResourceType.served) -> [String: Any] {
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
    package static func resourceType(_ type: SCIMResourceType, base: String) -> [String: Any] {
        [
            "schemas": [resourceTypeSchema], "id": type.name, "name": type.name, "endpoint": type.endpoint,
            "description": type.description, "schema": type.schema.id,
            "meta": meta("ResourceType", location: "\(base)/ResourceTypes/\(type.name)"),
        ]
    }

    /// `/Schemas/{id}`.
    package static func schema(_ schema: SCIMSchema, base: String) -> [String: Any] {
        [
            "schemas": [schemaSchema], "id": schema.id, "name": schema.name, "description": schema.description,
            "attributes": schema.attributes.map(\.definition),
            "meta": meta("Schema", location: "\(base)/Schemas/\(schema.id)"),
        ]
    }

    /// A list response of everything there is (these lists are never filtered nor paged).
    package static func list(_ resources: [[String: Any]]) -> [String: Any] {
        ["schemas": [listResponseSchema], "totalResults": resources.count, "startIndex": 1, "itemsPerPage": resources.count,
         "Resources": resources]
    }

    private static func meta(_ resourceType: String, location: String) -> [String: Any] {
        ["resourceType": resourceType, "location": location]
    }
}
