public import Foundation

/// A group of a realm's identities (RFC 7643 §4.2), as a directory provisions it through SCIM:
/// its name (unique in the realm) is what the `groups` claim releases to relying parties.
public struct IdentityGroupRecord: Sendable, Equatable, Identifiable {
    public let id: String
    public let tenantID: String
    public let realmID: String
    public var displayName: String
    /// The directory's own id for the group.
    public var externalID: String?
    /// The members' identity ids, sorted; a deleted identity is no longer one.
    public var memberIDs: [String]
    /// Incremented on every change (its SCIM ETag).
    public var version: Int64
    public let createdAt: Date
    public var updatedAt: Date

    /// Creates a record; the members are kept sorted and each once.
    public init(
        id: String, tenantID: String, realmID: String, displayName: String, externalID: String? = nil, memberIDs: [String] = [],
        version: Int64 = 1, createdAt: Date, updatedAt: Date
    ) {
        (self.id, self.tenantID, self.realmID, self.displayName, self.externalID) = (id, tenantID, realmID, displayName, externalID)
        self.memberIDs = Array(Set(memberIDs)).sorted()
        (self.version, self.createdAt, self.updatedAt) = (version, createdAt, updatedAt)
    }
}
