import Foundation

/// A realm's identity as its SCIM service sees it (RFC 7643 §4.1): the identity itself, and what
/// SCIM keeps beside it (table `scim_users`): the directory's `externalId`, the attributes it sent
/// that an identity has no column for, and the resource's version (its ETag). An identity the
/// service never wrote has no such row: version 0, no `externalId`, no attributes.
public struct SCIMUserRecord: Sendable, Equatable, Identifiable {
    public var identity: IdentityRecord
    public var externalID: String?
    /// A JSON object of the other attributes (`name`, `emails`, …), as the directory sent them.
    public var attributesJSON: String
    /// Incremented on every change made through the SCIM service.
    public var version: Int64

    public var id: String { identity.id }

    /// Creates a record.
    public init(identity: IdentityRecord, externalID: String? = nil, attributesJSON: String = "{}", version: Int64 = 0) {
        self.identity = identity
        self.externalID = externalID
        self.attributesJSON = attributesJSON
        self.version = version
    }
}
