package import Foundation
package import IdentityStorage
import IdentityServerCore

/// What a resource endpoint (`/Users`, `/Groups`) does, so that one set of routes serves each
/// (``SCIMController/registerResource(_:on:make:)``): each type says how it reads, writes and
/// shows its records; replacing, patching and listing are the same for all (below).
package protocol SCIMResourceService {
    associatedtype Record: Identifiable<String> & SCIMVersioned & Sendable
    /// What a resource's JSON says of its record.
    associatedtype Fields
    /// What a list of these is filtered by in the store.
    associatedtype FilterField: Sendable & Equatable
    /// The resource type served.
    static var type: SCIMResourceType { get }
    /// This realm's SCIM base URL.
    var base: String { get }

    func create(_ body: [String: Any]) async throws -> Record
    /// The resource with this id in this realm; `404` otherwise.
    func read(_ id: String) async throws -> Record
    func delete(_ id: String, ifMatch: String?) async throws
    /// The attributes a list is filtered by (lowercased paths), as the store's fields.
    static var filterable: [String: SCIMFilterAttribute<FilterField>] { get }
    /// The realm's records that meet `condition`, oldest first: at most `limit` after the first
    /// `offset`, filtered and paged by the store.
    func records(matching condition: DirectoryCondition<FilterField>?, offset: Int, limit: Int) async throws -> DirectoryPage<Record>
    /// Reads a resource's JSON.
    static func fields(_ resource: [String: Any]) throws -> Fields
    /// Writes `current` changed to `fields` (unless nothing changes), at its next version.
    func update(_ current: Record, with fields: Fields) async throws -> Record
    /// A record as JSON.
    func resource(_ record: Record) -> [String: Any]
}

/// A record whose changes through SCIM are counted: its ETag (``SCIMMeta``).
package protocol SCIMVersioned {
    var version: Int64 { get }
}

extension SCIMUserRecord: SCIMVersioned {}
extension IdentityGroupRecord: SCIMVersioned {}

extension SCIMResourceService {
    /// PUT: the resource is replaced by `body`.
    package func replace(_ id: String, _ body: [String: Any], ifMatch: String?) async throws -> Record {
        let current = try await read(id)
        try SCIMMeta.check(ifMatch, version: current.version)
        return try await update(current, with: try Self.fields(body))
    }

    /// PATCH: the operations applied to the resource, which then replaces it; a required
    /// attribute cannot be removed (`mutability`).
    package func patch(_ id: String, _ body: [String: Any], ifMatch: String?) async throws -> Record {
        let current = try await read(id)
        try SCIMMeta.check(ifMatch, version: current.version)
        var resource = try SCIMPatch(body, of: Self.type.schema).apply(to: resource(current))
        for attribute in Self.type.schema.attributes where attribute.required && resource[attribute.name] == nil {
            throw SCIMError.mutability("'\(attribute.name)' is required: it cannot be removed")
        }
        resource["meta"] = nil
        return try await update(current, with: try Self.fields(resource))
    }

    /// GET of the endpoint: the page `listing` asks for of the resources `filter` selects, as JSON.
    package func list(filter: String?, _ listing: SCIMListing) async throws -> Data {
        let condition = try filter.map { try SCIMFilter(parsing: $0).condition(Self.filterable) }
        let page = try await records(matching: condition, offset: listing.startIndex - 1, limit: listing.count)
        return listing.page(page.items.count, total: page.total) { resource(page.items[$0]) }
    }
}
