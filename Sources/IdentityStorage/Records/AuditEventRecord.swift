public import Foundation

/// One entry of the append-only audit log.
public struct AuditEventRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var occurredAt: Date
    /// For example `credential.bound`, `authentication.succeeded`, `admin.tenant.created`.
    public var type: String
    public var tenantID: String?
    public var realmID: String?
    /// The resource the event is about (an identity, credential, application … id).
    public var subjectID: String?
    /// A small JSON object with details; never secrets.
    public var detailJSON: String
    /// How many times it happened: more than 1 for a refusal repeated within its window (see
    /// ``IdentityStore/recordRepeatedEvent(_:)``), counted on one event.
    public var occurrences: Int

    /// Creates a record.
    public init(
        id: String, occurredAt: Date, type: String, tenantID: String?, realmID: String?, subjectID: String?,
        detailJSON: String, occurrences: Int = 1
    ) {
        self.occurrences = occurrences
        self.id = id
        self.occurredAt = occurredAt
        self.type = type
        self.tenantID = tenantID
        self.realmID = realmID
        self.subjectID = subjectID
        self.detailJSON = detailJSON
    }
}
