public import Foundation

/// Which audit events to list (``IdentityStore/listAuditEvents(_:order:_:)``): those that meet every
/// condition given; a `nil` condition holds for every event.
public struct AuditEventFilter: Sendable, Equatable {
    /// The tenant the events belong to.
    public var tenantID: String?
    /// The event type, exactly; or, ending with `.` (`authentication.`), every type it begins.
    public var type: String?
    /// What the events are about: their subject, or the identity their details name
    /// (`identity_id`, as enrollment and credential extension events record).
    public var subjectID: String?
    /// The admin token that acted (the details' `admin_token_id`).
    public var adminTokenID: String?
    /// Events that occurred at this time or later.
    public var from: Date?
    /// Events that occurred before this time.
    public var until: Date?

    /// Creates a filter.
    public init(
        tenantID: String? = nil, type: String? = nil, subjectID: String? = nil, adminTokenID: String? = nil,
        from: Date? = nil, until: Date? = nil
    ) {
        self.tenantID = tenantID
        self.type = type
        self.subjectID = subjectID
        self.adminTokenID = adminTokenID
        self.from = from
        self.until = until
    }
}
