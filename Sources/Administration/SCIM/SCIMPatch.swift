import Foundation
import IdentityServerCore

/// A PATCH request (RFC 7644 §3.5.2) applied to a resource as JSON: `add`, `replace` and
/// `remove` (case-insensitive, as Entra ID sends them), with a `path` (`active`,
/// `name.givenName`, `emails[type eq "work"].value`) or without one (a `value` object whose
/// members, possibly dotted paths themselves, are added or replaced). A path naming an attribute
/// the resource does not have is `invalidPath`; `remove` without a path, or whose filter matches
/// nothing, is `noTarget`. `add` or `replace` through a filter that matches nothing adds an
/// element the filter's `eq` comparisons describe (what Entra ID and Okta expect of
/// `emails[type eq "work"].value`).
package struct SCIMPatch {
    package enum Op: String { case add, replace, remove }

    package struct Operation {
        package let op: Op
        package let path: String?
        package let value: Any?
    }

    /// The URN a PATCH body's `schemas` names.
    package static let messageSchema = "urn:ietf:params:scim:api:messages:2.0:PatchOp"

    package let operations: [Operation]
    /// The schema of the resource patched: which attributes a path may name.
    package let schema: SCIMSchema

    package init(_ body: [String: Any], of schema: SCIMSchema) throws {
        guard (body["schemas"] as? [String])?.contains(Self.messageSchema) == true else {
            throw SCIMError.invalidSyntax("a PATCH body's schemas must be [\"\(Self.messageSchema)\"]")
        }
        guard let list = SCIMFilter.value(named: "Operations", in: body) as? [[String: Any]], !list.isEmpty else {
            throw SCIMError.invalidSyntax("a PATCH body needs 'Operations', a non-empty array of objects")
        }
        operations = try list.map { operation in
            guard let name = SCIMFilter.value(named: "op", in: operation) as? String, let op = Op(rawValue: name.lowercased()) else {
                throw SCIMError.invalidSyntax("each operation's 'op' is add, replace or remove")
            }
            let path = SCIMFilter.value(named: "path", in: operation) as? String
            let value = SCIMFilter.value(named: "value", in: operation)
            if op != .remove, value == nil { throw SCIMError.invalidValue("'\(name)' needs a 'value'") }
            return Operation(op: op, path: path?.isEmpty == true ? nil : path, value: value)
        }
        self.schema = schema
    }

    /// The resource after every operation, in order.
    package func apply(to resource: [String: Any]) throws -> [String: Any] {
        var resource = resource
        for operation in operations {
            guard let path = operation.path else {
                guard operation.op != .remove else { throw SCIMError.noTarget("'remove' needs a 'path'") }
                guard let members = operation.value as? [String: Any] else {
                    throw SCIMError.invalidValue("without a 'path', the 'value' must be an object of attributes")
                }
                // Attributes of extension schemas are not kept (nor refused); the resource's own
                // `id` repeated (as Okta sends it) changes nothing.
                for (name, value) in members where !name.lowercased().hasPrefix("urn:") || name.hasPrefix(schema.id + ":") {
                    if name.caseInsensitiveCompare("id") == .orderedSame, value as? String == resource["id"] as? String { continue }
                    try apply(operation.op, try Path(name, patch: self), value, to: &resource)
                }
                continue
            }
            // A path into an extension schema (Entra ID's enterprise `employeeNumber`, `manager`): not kept, nor refused.
            if path.lowercased().hasPrefix("urn:"), !path.hasPrefix(schema.id + ":") { continue }
            try apply(operation.op, try Path(path, patch: self), operation.value, to: &resource)
        }
        return resource
    }

    /// A parsed `path`: an attribute, maybe a filter on its elements, maybe a sub-attribute.
    package struct Path {
        package let attribute: String
        package let filter: SCIMFilter?
        package let sub: String?

        package init(_ text: String, patch: SCIMPatch) throws {
            var text = text
            if text.lowercased().hasPrefix("urn:"), let colon = text.range(of: ":", options: .backwards, range: text.startIndex..<(text.firstIndex(of: "[") ?? text.endIndex)) {
                text = String(text[colon.upperBound...])
            }
            var filter: SCIMFilter?
            var sub: String?
            var attribute = text
            if let open = text.firstIndex(of: "[") {
                guard let close = text.lastIndex(of: "]"), close > open else { throw SCIMError.invalidPath("'\(text)': '[' is not closed") }
                attribute = String(text[..<open])
                do {
                    filter = try SCIMFilter(parsing: String(text[text.index(after: open)..<close]))
                } catch let error as SCIMError {
                    throw SCIMError.invalidPath("'\(attribute)[…]': its filter is not one (\(error.detail))")
                }
                let rest = text[text.index(after: close)...]
                if !rest.isEmpty {
                    guard rest.hasPrefix("."), rest.count > 1 else { throw SCIMError.invalidPath("'\(text)' is not a path") }
                    sub = String(rest.dropFirst())
                }
            } else if let dot = text.firstIndex(of: ".") {
                attribute = String(text[..<dot])
                sub = String(text[text.index(after: dot)...])
            }
            guard !attribute.isEmpty, patch.schema.knows(attribute) else {
                throw SCIMError.invalidPath("a \(patch.schema.name) has no attribute '\(attribute)'")
            }
            attribute = patch.schema.canonical(attribute)
            guard !["id", "meta", "schemas"].contains(attribute) else { throw SCIMError.mutability("'\(attribute)' is the service's") }
            (self.attribute, self.filter, self.sub) = (attribute, filter, sub)
        }
    }

    private func apply(_ op: Op, _ path: Path, _ value: Any?, to resource: inout [String: Any]) throws {
        let key = resource.keys.first { $0.caseInsensitiveCompare(path.attribute) == .orderedSame } ?? path.attribute
        if let filter = path.filter {
            var elements = resource[key] as? [[String: Any]] ?? []
            let matching = elements.indices.filter { filter.matches(elements[$0]) }
            switch op {
            case .remove:
                guard !matching.isEmpty else { throw SCIMError.noTarget("'\(path.attribute)' has no element that matches the filter") }
                if let sub = path.sub {
                    for index in matching { elements[index] = elements[index].filter { $0.key.caseInsensitiveCompare(sub) != .orderedSame } }
                } else {
                    for index in matching.reversed() { elements.remove(at: index) }
                }
            case .add, .replace:
                if matching.isEmpty {
                    var element = Self.described(by: filter)
                    if let sub = path.sub { element[sub] = value } else if let object = value as? [String: Any] { element.merge(object) { $1 } }
                    if path.attribute == "emails", !elements.contains(where: { $0["primary"] as? Bool == true }) { element["primary"] = true }
                    elements.append(element)
                } else {
                    for index in matching {
                        if let sub = path.sub {
                            elements[index][sub] = value
                        } else if let object = value as? [String: Any] {
                            if op == .replace { elements[index] = object } else { elements[index].merge(object) { $1 } }
                        } else {
                            throw SCIMError.invalidValue("the value of '\(path.attribute)[…]' must be an object")
                        }
                    }
                }
            }
            resource[key] = elements
            return
        }
        if let sub = path.sub {
            var object = resource[key] as? [String: Any] ?? [:]
            let subKey = object.keys.first { $0.caseInsensitiveCompare(sub) == .orderedSame } ?? sub
            if op == .remove { object[subKey] = nil } else { object[subKey] = value }
            resource[key] = object
            return
        }
        switch op {
        case .remove:
            // `remove` with a list of elements (as Entra ID removes members): those elements go,
            // matched by their `value`; without one, the whole attribute.
            if let removed = value as? [[String: Any]], let existing = resource[key] as? [[String: Any]] {
                let values = removed.compactMap { $0["value"] as? String }
                resource[key] = existing.filter { element in !values.contains { $0 == element["value"] as? String } }
            } else {
                resource[key] = nil
            }
        case .replace: resource[key] = value
        case .add:
            if let added = value as? [Any], let existing = resource[key] as? [Any] {
                resource[key] = existing + added
            } else if let added = value as? [String: Any], let existing = resource[key] as? [String: Any] {
                resource[key] = existing.merging(added) { $1 }
            } else {
                resource[key] = value
            }
        }
    }

    /// The element a filter of `eq` comparisons describes (`type eq "work"` → `{"type": "work"}`).
    private static func described(by filter: SCIMFilter) -> [String: Any] {
        switch filter {
        case let .compare(path, .eq, .string(value)): return [path: value]
        case let .compare(path, .eq, .bool(value)): return [path: value]
        case let .and(left, right): return described(by: left).merging(described(by: right)) { $1 }
        default: return [:]
        }
    }
}
