import Foundation

/// What a resource endpoint (`/Users`, `/Groups`) does, so that one set of routes serves each
/// (``SCIMController/registerResource(_:on:make:)``).
protocol SCIMResourceService {
    associatedtype Record
    /// The resource type served.
    static var type: SCIMResourceType { get }
    /// This realm's SCIM base URL.
    var base: String { get }

    func create(_ body: [String: Any]) async throws -> Record
    /// The resource with this id in this realm; `404` otherwise.
    func read(_ id: String) async throws -> Record
    func replace(_ id: String, _ body: [String: Any], ifMatch: String?) async throws -> Record
    func patch(_ id: String, _ body: [String: Any], ifMatch: String?) async throws -> Record
    func delete(_ id: String, ifMatch: String?) async throws
    /// The realm's resources that match `filter`, as JSON, oldest first.
    func list(filter: SCIMFilter?) async throws -> [[String: Any]]

    /// A record as JSON.
    func resource(_ record: Record) -> [String: Any]
    /// A record's version (its ETag).
    func version(_ record: Record) -> Int64
    /// A record's id.
    func id(_ record: Record) -> String
}
