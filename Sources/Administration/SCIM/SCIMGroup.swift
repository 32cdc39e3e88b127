import Foundation
package import IdentityStorage
import IdentityServerCore

/// The Group resource (RFC 7643 §4.2) over a realm's group: `displayName` (unique in the realm)
/// is the name the `groups` claim releases, `members` are the realm's users (no nested groups),
/// `externalId` is kept.
package enum SCIMGroup {
    package static let schema = "urn:ietf:params:scim:schemas:core:2.0:Group"

    /// The most members a group has: what one answer lists of a group, and of a page of groups.
    package static let maxMembers = 10_000

    /// The attributes a Group has here.
    package static let attributes: [SCIMAttribute] = [
        SCIMAttribute(name: "displayName", description: "The group's name, unique in the realm: what the groups claim carries",
                      required: true, uniqueness: "server"),
        SCIMAttribute(name: "members", type: "complex", multiValued: true, description: "The realm's users in the group",
                      subAttributes: [
                          SCIMAttribute(name: "value", description: "A user's id", mutability: "immutable"),
                          SCIMAttribute(name: "$ref", type: "reference", mutability: "immutable", referenceTypes: ["User"]),
                          SCIMAttribute(name: "display", mutability: "readOnly"),
                          SCIMAttribute(name: "type", mutability: "immutable", canonicalValues: ["User"]),
                      ]),
    ]

    /// The resource as JSON.
    package static func resource(_ group: IdentityGroupRecord, base: String) -> [String: Any] {
        var resource: [String: Any] = [
            "schemas": [schema], "id": group.id, "displayName": group.displayName,
            "members": group.memberIDs.map { ["value": $0, "$ref": "\(base)\(SCIMResourceType.user.endpoint)/\($0)", "type": "User"] },
            "meta": SCIMMeta.make(
                .group, id: group.id, created: group.createdAt, lastModified: group.updatedAt, version: group.version, base: base),
        ]
        resource["externalId"] = group.externalID
        return resource
    }

    /// What a resource sent (a POST or PUT body, or a resource after a PATCH) says of the group.
    package struct Fields {
        package var displayName: String
        package var externalID: String?
        package var memberIDs: [String]
    }

    /// Reads a resource; `invalidValue` when `displayName` is missing or an attribute has the wrong type.
    package static func fields(_ body: [String: Any]) throws -> Fields {
        let schema = SCIMResourceType.group.schema
        let resource = Dictionary(
            body.filter { schema.knows($0.key) }.map { (schema.canonical($0.key), $0.value) }, uniquingKeysWith: { $1 })
        guard let name = resource["displayName"] as? String else { throw SCIMError.invalidValue("'displayName' is required, a string") }
        let displayName: String
        do {
            displayName = try InputRules.name(name, field: "displayName", maxLength: 256)
        } catch let error as ServerError {
            throw SCIMError.invalidValue(error.description)
        }
        var memberIDs: [String] = []
        switch resource["members"] {
        case nil, is NSNull: break
        case let members as [[String: Any]]:
            for member in members {
                guard let value = member["value"] as? String, !value.isEmpty else {
                    throw SCIMError.invalidValue("each member needs a 'value': a user's id")
                }
                if let type = member["type"] as? String, type.caseInsensitiveCompare("User") != .orderedSame {
                    throw SCIMError.invalidValue("a member is a User: groups do not nest here")
                }
                memberIDs.append(value)
            }
        default: throw SCIMError.invalidValue("'members' must be an array of objects")
        }
        guard Set(memberIDs).count <= maxMembers else { throw SCIMError.invalidValue("a group has at most \(maxMembers) members") }
        let externalID: String?
        switch resource["externalId"] {
        case nil, is NSNull: externalID = nil
        case let text as String: externalID = text.isEmpty ? nil : text
        default: throw SCIMError.invalidValue("'externalId' must be a string")
        }
        return Fields(displayName: displayName, externalID: externalID, memberIDs: memberIDs)
    }
}
