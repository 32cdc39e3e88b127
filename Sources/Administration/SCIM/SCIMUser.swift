import Foundation
package import IdentityStorage
import IdentityServerCore

/// The User resource (RFC 7643 §4.1) over an identity: `userName` is its username, `displayName`
/// (else `name.formatted`, else `name.givenName name.familyName`, else `userName`) its display
/// name, the primary email (else the `work` one, else the first) its email, `active` its status
/// (`false` suspended). `externalId` and the other attributes the directory sends are kept as sent.
/// `displayName` and `active` are answered when the directory set them (RFC 7644 §3.5.2.2: once
/// removed they are gone), or when the identity's differs from what their absence means (a
/// display name an administrator changed, a suspension) or the directory never wrote the user:
/// never made up from other attributes.
package enum SCIMUser {
    package static let schema = "urn:ietf:params:scim:schemas:core:2.0:User"

    /// The most a user's kept attributes (``Fields/attributesJSON``) take, in bytes of JSON, in
    /// values (every string, number, object and array counts) and in nesting: a directory's
    /// user is a kilobyte or two, some dozens of values three or four deep, and a page of users
    /// must stay small in memory (bytes alone do not bound that: 16 KiB of `[],` is 5,000 arrays).
    package static let maxAttributesSize = 16 * 1024
    package static let maxAttributeValues = 1000
    package static let maxAttributeDepth = 8

    /// The attributes a User has here (case-insensitive): a path naming another is `invalidPath`.
    package static let attributes: [SCIMAttribute] = [
        SCIMAttribute(name: "userName", description: "The identity's username, unique in the realm", required: true,
                      uniqueness: "server"),
        SCIMAttribute(name: "name", type: "complex", description: "The user's name", subAttributes: [
            SCIMAttribute(name: "formatted"), SCIMAttribute(name: "familyName"), SCIMAttribute(name: "givenName"),
            SCIMAttribute(name: "middleName"), SCIMAttribute(name: "honorificPrefix"), SCIMAttribute(name: "honorificSuffix"),
        ]),
        SCIMAttribute(name: "displayName", description: "The identity's display name"),
        SCIMAttribute(name: "nickName"), SCIMAttribute(name: "title"), SCIMAttribute(name: "userType"),
        SCIMAttribute(name: "preferredLanguage"), SCIMAttribute(name: "locale"), SCIMAttribute(name: "timezone"),
        SCIMAttribute(name: "active", type: "boolean", description: "false suspends the identity, true reinstates it"),
        SCIMAttribute(name: "emails", type: "complex", multiValued: true, description: "The primary one is the identity's email",
                      subAttributes: [
                          SCIMAttribute(name: "value"), SCIMAttribute(name: "type"), SCIMAttribute(name: "display"),
                          SCIMAttribute(name: "primary", type: "boolean"),
                      ]),
        SCIMAttribute(name: "phoneNumbers", type: "complex", multiValued: true, subAttributes: [
            SCIMAttribute(name: "value"), SCIMAttribute(name: "type"), SCIMAttribute(name: "primary", type: "boolean"),
        ]),
        SCIMAttribute(name: "addresses", type: "complex", multiValued: true, subAttributes: [
            SCIMAttribute(name: "formatted"), SCIMAttribute(name: "streetAddress"), SCIMAttribute(name: "locality"),
            SCIMAttribute(name: "region"), SCIMAttribute(name: "postalCode"), SCIMAttribute(name: "country"),
            SCIMAttribute(name: "type"), SCIMAttribute(name: "primary", type: "boolean"),
        ]),
        SCIMAttribute(name: "profileUrl", type: "reference", referenceTypes: ["external"]),
    ] + ["ims", "photos", "entitlements", "roles"].map { name in
        SCIMAttribute(name: name, type: "complex", multiValued: true, subAttributes: [
            SCIMAttribute(name: "value"), SCIMAttribute(name: "display"), SCIMAttribute(name: "type"),
            SCIMAttribute(name: "primary", type: "boolean"),
        ])
    }

    /// The attributes stored as sent (in `attributes_json`); `displayName` and `active` there only
    /// say that the directory set them (their values are the identity's).
    private static let stored: Set<String> = Set(attributes.map(\.name)).subtracting(["userName"])

    /// The resource as JSON.
    package static func resource(_ user: SCIMUserRecord, base: String) -> [String: Any] {
        let identity = user.identity
        var resource = (try? JSONSerialization.jsonObject(with: Data(user.attributesJSON.utf8)) as? [String: Any]) ?? [:]
        resource["schemas"] = [schema]
        resource["id"] = identity.id
        resource["externalId"] = user.externalID
        resource["userName"] = identity.username
        let displayNameSet = resource["displayName"] != nil
            || identity.displayName != fallbackDisplayName(resource["name"] as? [String: Any] ?? [:], username: identity.username)
        resource["displayName"] = displayNameSet ? identity.displayName : nil
        // An identity the directory never wrote (version 0) shows its status as it is.
        let activeSet = resource["active"] != nil || identity.status != .active || user.version == 0
        resource["active"] = activeSet ? identity.status == .active : nil
        var emails = (resource["emails"] as? [[String: Any]]) ?? []
        if let email = identity.email {
            if let index = primaryEmailIndex(emails) {
                emails[index]["value"] = email
            } else {
                emails.insert(["value": email, "type": "work", "primary": true], at: 0)
            }
            resource["emails"] = emails
        } else {
            resource["emails"] = nil
        }
        resource["meta"] = SCIMMeta.make(
            .user, id: identity.id, created: identity.createdAt, lastModified: identity.updatedAt, version: user.version, base: base)
        return resource
    }

    /// The email that is the identity's: the primary one, else the `work` one, else the first.
    package static func primaryEmailIndex(_ emails: [[String: Any]]) -> Int? {
        emails.firstIndex { ($0["primary"] as? Bool) == true }
            ?? emails.firstIndex { ($0["type"] as? String)?.lowercased() == "work" }
            ?? (emails.isEmpty ? nil : 0)
    }

    /// What a resource sent (a POST or PUT body, or a resource after a PATCH) says of the identity.
    package struct Fields {
        package var username: String
        package var displayName: String
        package var email: String?
        package var active: Bool
        package var externalID: String?
        package var attributesJSON: String
    }

    /// Reads a resource; `invalidValue` when a known attribute has the wrong type or an invalid
    /// value, `invalidSyntax` without `userName`.
    package static func fields(_ body: [String: Any]) throws -> Fields {
        var resource: [String: Any] = [:]
        for (key, value) in body {
            if key.lowercased().hasPrefix("urn:") { continue }  // extension schemas: not kept
            let schema = SCIMResourceType.user.schema
            guard schema.knows(key) else { continue }  // RFC 7644 §3.3: unknown attributes are ignored
            resource[schema.canonical(key)] = value
        }
        guard let userName = resource["userName"] as? String else {
            throw resource["userName"] == nil ? SCIMError.invalidValue("'userName' is required")
                : SCIMError.invalidValue("'userName' must be a string")
        }
        let username = try valid { try InputRules.name(userName, field: "userName", maxLength: 128) }
        let name = resource["name"]
        guard name == nil || name is [String: Any] else { throw SCIMError.invalidValue("'name' must be an object") }
        let sentDisplayName = try string(resource, "displayName")
        let displayName = sentDisplayName ?? fallbackDisplayName(name as? [String: Any] ?? [:], username: username)
        let active: Bool
        switch resource["active"] {
        case nil, is NSNull: active = true
        case let flag as Bool: active = flag
        case let text as String where ["true", "false"].contains(text.lowercased()): active = text.lowercased() == "true"
        default: throw SCIMError.invalidValue("'active' must be a boolean")
        }
        var email: String?
        if let value = resource["emails"], !(value is NSNull) {
            guard let sent = value as? [[String: Any]] else { throw SCIMError.invalidValue("'emails' must be an array of objects") }
            // An email whose value was removed (a PATCH `remove` of `emails[…].value`) is none.
            let emails = sent.filter { $0["value"] != nil && !($0["value"] is NSNull) }
            if let index = primaryEmailIndex(emails) {
                guard let address = emails[index]["value"] as? String else { throw SCIMError.invalidValue("an email's 'value' is a string") }
                email = try valid { try InputRules.email(address) }
            }
            resource["emails"] = emails
        }
        let externalID = try string(resource, "externalId")
        var kept = resource.filter { stored.contains($0.key) && !($0.value is NSNull) }
        kept["displayName"] = sentDisplayName
        kept["active"] = resource["active"] == nil || resource["active"] is NSNull ? nil : active
        if kept["emails"] != nil, (kept["emails"] as? [Any])?.isEmpty == true { kept["emails"] = nil }
        try checkShape(of: kept)
        guard JSONSerialization.isValidJSONObject(kept),
              let json = try? JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys, .withoutEscapingSlashes])
        else { throw SCIMError.invalidValue("the user's attributes are not JSON values") }
        guard json.count <= maxAttributesSize else {
            throw SCIMError.invalidValue("a user's attributes take at most \(maxAttributesSize / 1024) KiB of JSON (these \(json.count) bytes)")
        }
        return Fields(
            username: username, displayName: try valid { try InputRules.name(displayName, field: "displayName") }, email: email,
            active: active, externalID: externalID, attributesJSON: String(decoding: json, as: UTF8.self))
    }

    /// `invalidValue` when `attributes` hold more than ``maxAttributeValues`` values or nest
    /// deeper than ``maxAttributeDepth`` (walked without recursion).
    private static func checkShape(of attributes: [String: Any]) throws {
        var pending: [(value: Any, depth: Int)] = [(attributes, 1)]
        var count = 0
        while let (value, depth) = pending.popLast() {
            count += 1
            guard count <= maxAttributeValues, depth <= maxAttributeDepth else {
                throw SCIMError.invalidValue(
                    "a user's attributes hold at most \(maxAttributeValues) values, nested at most \(maxAttributeDepth) deep")
            }
            if let object = value as? [String: Any] {
                pending += object.values.map { ($0, depth + 1) }
            } else if let array = value as? [Any] {
                pending += array.map { ($0, depth + 1) }
            }
        }
    }

    /// The display name of a user that has none: `name.formatted`, else `name.givenName name.familyName`, else `userName`.
    package static func fallbackDisplayName(_ name: [String: Any], username: String) -> String {
        let given = [name["givenName"], name["familyName"]].compactMap { $0 as? String }.filter { !$0.isEmpty }
        return (name["formatted"] as? String).flatMap { $0.isEmpty ? nil : $0 } ?? (given.isEmpty ? nil : given.joined(separator: " "))
            ?? username
    }

    private static func string(_ resource: [String: Any], _ name: String) throws -> String? {
        switch resource[name] {
        case nil, is NSNull: return nil
        case let text as String: return text.isEmpty ? nil : text
        default: throw SCIMError.invalidValue("'\(name)' must be a string")
        }
    }

    /// The input rules' `400 invalid_request` as SCIM's `invalidValue`.
    private static func valid<T>(_ check: () throws -> T) throws -> T {
        do { return try check() } catch let error as ServerError { throw SCIMError.invalidValue(error.description) }
    }
}
