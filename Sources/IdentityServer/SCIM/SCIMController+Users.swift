import Foundation
import HTTPTypes
import Hummingbird
import IdentityStorage

/// `/Users` and `/Users/{id}` (RFC 7644 §3.3–§3.6): create, read, list (filtered, paged), replace,
/// PATCH, delete; each answer with the user's `ETag`, each change honouring `If-Match`.
extension SCIMController {
    func registerUsers(on scim: RouterGroup<ServerRequestContext>) {
        scim.post("Users") { request, context in
            let users = try await users(request, context)
            let user = try await users.create(try await Self.body(request, context))
            return Self.answer(user, base: users.base, status: .created, location: true)
        }
        scim.get("Users") { request, context in
            let users = try await users(request, context)
            let query = request.uri.queryParameters
            let filter = try query["filter"].map { try SCIMFilter(parsing: String($0)) }
            let resources = try await users.list(filter: filter)
            return SCIMResponse.make(try SCIMListing(query: query).page(resources))
        }
        scim.get("Users/:id") { request, context in
            let users = try await users(request, context)
            let user = try await users.user(try context.id("id"))
            let listing = try SCIMListing(query: request.uri.queryParameters)
            return SCIMResponse.make(
                listing.project(SCIMUser.resource(user, base: users.base)), headers: [.eTag: SCIMUser.etag(user.version)])
        }
        scim.put("Users/:id") { request, context in
            let users = try await users(request, context)
            let user = try await users.replace(
                try context.id("id"), try await Self.body(request, context), ifMatch: request.headers[.ifMatch])
            return Self.answer(user, base: users.base)
        }
        scim.patch("Users/:id") { request, context in
            let users = try await users(request, context)
            let user = try await users.patch(
                try context.id("id"), try await Self.body(request, context), ifMatch: request.headers[.ifMatch])
            return Self.answer(user, base: users.base)
        }
        scim.delete("Users/:id") { request, context in
            let users = try await users(request, context)
            try await users.delete(try context.id("id"), ifMatch: request.headers[.ifMatch])
            return Response(status: .noContent)
        }
    }

    /// The users service of the realm, acting as the request's provisioning token.
    private func users(_ request: Request, _ context: ServerRequestContext) async throws -> SCIMUserService {
        let token = try await authentication.authenticate(request, context)
        return SCIMUserService(
            store: authentication.store, audit: authentication.audit, now: authentication.now, token: token, base: try base(context))
    }

    private static func answer(
        _ user: SCIMUserRecord, base: String, status: HTTPResponse.Status = .ok, location: Bool = false
    ) -> Response {
        let resource = SCIMUser.resource(user, base: base)
        var headers: HTTPFields = [.eTag: SCIMUser.etag(user.version)]
        if location { headers[.location] = "\(base)/Users/\(user.id)" }
        return SCIMResponse.make(resource, status: status, headers: headers)
    }

    /// A JSON object body (`application/scim+json` or `application/json`); `invalidSyntax` otherwise.
    static func body(_ request: Request, _ context: ServerRequestContext) async throws -> [String: Any] {
        guard let mediaType = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased(),
              mediaType == "application/json" || mediaType == SCIMResponse.contentType
        else { throw SCIMError(.unsupportedMediaType, nil, "the body must be application/scim+json") }
        var request = request
        let body = try await request.collectBody(upTo: context.maxUploadSize)
        guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] else {
            throw SCIMError.invalidSyntax("the body must be a JSON object")
        }
        return object
    }
}

/// What a query asks of a list or a resource (RFC 7644 §3.4.2.4, §3.4.2.5, §3.9): `startIndex`
/// (1-based) and `count` (at most ``SCIMResourceType/maxResults``), `attributes` or
/// `excludedAttributes` (`id` and `schemas` are always returned).
struct SCIMListing {
    var startIndex = 1
    var count = SCIMResourceType.maxResults
    var attributes: [String] = []
    var excluded: [String] = []

    init(query: Hummingbird.Parameters) throws {
        if let text = query["startIndex"] {
            guard let value = Int(text) else { throw SCIMError.invalidValue("'startIndex' must be an integer") }
            startIndex = max(1, value)
        }
        if let text = query["count"] {
            guard let value = Int(text) else { throw SCIMError.invalidValue("'count' must be an integer") }
            count = min(max(0, value), SCIMResourceType.maxResults)
        }
        attributes = Self.names(query["attributes"])
        excluded = Self.names(query["excludedAttributes"])
    }

    private static func names(_ text: Substring?) -> [String] {
        guard let text else { return [] }
        return text.split(separator: ",").map {
            let name = $0.trimmingCharacters(in: .whitespaces)
            return name.hasPrefix(SCIMUser.schema + ":") ? String(name.dropFirst(SCIMUser.schema.count + 1)) : name
        }.filter { !$0.isEmpty }
    }

    /// One page of `resources` as a ListResponse.
    func page(_ resources: [[String: Any]]) -> [String: Any] {
        let items = resources.dropFirst(startIndex - 1).prefix(count).map(project)
        return ["schemas": [SCIMDiscovery.listResponseSchema], "totalResults": resources.count, "startIndex": startIndex,
                "itemsPerPage": items.count, "Resources": Array(items)]
    }

    /// The resource with only the attributes asked for, or without those excluded.
    func project(_ resource: [String: Any]) -> [String: Any] {
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
