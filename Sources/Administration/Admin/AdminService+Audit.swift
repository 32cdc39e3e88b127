import Foundation
package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore

/// The audit log searched and read one event at a time, within the administrator's reach: a
/// token scoped to one tenant sees that tenant's events only, as ``auditEvents(_:)`` lists them.
extension AdminService {
    /// The events that match `filter`, newest first; a scoped token asking for another tenant's
    /// events finds none.
    package func auditEvents(matching filter: AuditEventFilter, _ page: PageRequest) async throws -> AdminPage<AuditEvent> {
        try admin.require(.readAudit, toDo: "read the audit log")
        var filter = filter
        if let own = admin.tenantID {
            guard filter.tenantID == nil || filter.tenantID == own else { return AdminPage(items: [], nextCursor: nil) }
            filter.tenantID = own
        }
        return AdminViews.page(try await store.listAuditEvents(filter, order: .newestFirst, page), AdminViews.auditEvent)
    }

    /// The event with this id; `404` when there is none or it is not the scoped token's tenant's.
    package func auditEvent(_ eventID: String) async throws -> AuditEvent {
        try admin.require(.readAudit, toDo: "read the audit log")
        guard let event = try await store.auditEvent(id: eventID), admin.tenantID == nil || event.tenantID == admin.tenantID else {
            throw ServerError.notFound("no such audit event")
        }
        return AdminViews.auditEvent(event)
    }
}
