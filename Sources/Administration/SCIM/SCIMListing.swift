package import Foundation
package import IdentityServerCore

/// What a query asks of a list or a resource (RFC 7644 §3.4.2.4, §3.4.2.5, §3.9): `startIndex`
/// (1-based) and `count` (at most ``SCIMResourceType/maxResults``), `attributes` or
/// `excludedAttributes` (`id` and `schemas` are always returned).
package struct SCIMListing {
    package var startIndex = 1
    package var count = SCIMResourceType.maxResults
    package var attributes: [String] = []
    package var excluded: [String] = []

    package init(query: FormParameters) throws {
        if let text = try query.single("startIndex") {
            guard let value = Int(text) else { throw SCIMError.invalidValue("'startIndex' must be an integer") }
            startIndex = max(1, value)
        }
        if let text = try query.single("count") {
            guard let value = Int(text) else { throw SCIMError.invalidValue("'count' must be an integer") }
            count = min(max(0, value), SCIMResourceType.maxResults)
        }
        attributes = Self.names(try query.single("attributes"))
        excluded = Self.names(try query.single("excludedAttributes"))
    }

    private static func names(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.split(separator: ",").map {
            // A name in full (`urn:…:User:name.givenName`) is the name after its schema's URN.
            let name = $0.trimmingCharacters(in: .whitespaces)
            return name.lowercased().hasPrefix("urn:") ? String(name.split(separator: ":").last ?? "") : name
        }.filter { !$0.isEmpty }
    }

    /// A page of resources, of `total` that match, as a ListResponse's JSON. Each resource is
    /// built, projected and written before the next is built, so the page holds one resource's
    /// objects at a time (a thousand values each, at most) beside the bytes written so far.
    package func page(_ resourceCount: Int, total: Int, resource: (Int) -> [String: Any]) -> Data {
        var json = Data(#"{"Resources":["#.utf8)
        for index in 0..<resourceCount {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(SCIMResponse.json(project(resource(index))))
        }
        json.append(contentsOf: Data(#"],"itemsPerPage":\#(resourceCount),"schemas":["\#(SCIMDiscovery.listResponseSchema)"],"#.utf8))
        json.append(contentsOf: Data(#""startIndex":\#(startIndex),"totalResults":\#(total)}"#.utf8))
        return json
    }

    /// The resource with only the attributes asked for, or without those excluded.
    package func project(_ resource: [String: Any]) -> [String: Any] {
        let always: Set<String> = ["id", "schemas"]
        if !attributes.isEmpty {
            var projected: [String: Any] = [:]
            for (key, value) in resource {
                if always.contains(key) { projected[key] = value; continue }
                let asked = attributes.filter { $0.split(separator: ".").first.map(String.init)?.caseInsensitiveCompare(key) == .orderedSame }
                guard !asked.isEmpty else { continue }
                let subs = asked.compactMap { name in name.split(separator: ".", maxSplits: 1).dropFirst().first.map(String.init) }
                if subs.count < asked.count || !(value is [String: Any] || value is [[String: Any]]) {
                    projected[key] = value
                } else {
                    projected[key] = Self.keeping(subs, of: value)
                }
            }
            return projected
        }
        var projected = resource
        for name in excluded {
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard let key = resource.keys.first(where: { $0.caseInsensitiveCompare(parts[0]) == .orderedSame }), !always.contains(key)
            else { continue }
            if parts.count == 1 { projected[key] = nil } else if var object = projected[key] as? [String: Any] {
                object = object.filter { $0.key.caseInsensitiveCompare(parts[1]) != .orderedSame }
                projected[key] = object
            }
        }
        return projected
    }

    private static func keeping(_ subs: [String], of value: Any) -> Any {
        let keep = { (object: [String: Any]) in
            object.filter { entry in subs.contains { $0.caseInsensitiveCompare(entry.key) == .orderedSame } }
        }
        if let object = value as? [String: Any] { return keep(object) }
        return (value as? [[String: Any]] ?? []).map(keep)
    }
}
