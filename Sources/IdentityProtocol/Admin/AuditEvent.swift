public import Foundation

/// An entry of the audit log.
public struct AuditEvent: Codable, Sendable, Equatable {
    public var id: String
    public var occurredAt: Date
    public var type: String
    public var tenantID: String?
    public var realmID: String?
    public var subjectID: String?
    /// Details, as a JSON object in text.
    public var detail: String
    /// How many times it happened: a refusal repeated within a minute is one event counting them.
    public var occurrences: Int

    /// Creates an event value.
    public init(
        id: String, occurredAt: Date, type: String, tenantID: String?, realmID: String?, subjectID: String?, detail: String,
        occurrences: Int = 1
    ) {
        self.occurrences = occurrences
        self.id = id
        self.occurredAt = occurredAt
        self.type = type
        self.tenantID = tenantID
        self.realmID = realmID
        self.subjectID = subjectID
        self.detail = detail
    }

    enum CodingKeys: String, CodingKey {
        case id, type, detail, occurrences
        case occurredAt = "occurred_at"
        case tenantID = "tenant_id"
        case realmID = "realm_id"
        case subjectID = "subject_id"
    }
}
