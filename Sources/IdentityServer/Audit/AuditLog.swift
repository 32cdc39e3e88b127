import Foundation
import IdentityStorage

/// The append-only audit log: one event for every security-relevant change.
struct AuditLog: Sendable {
    let store: any IdentityStore
    let now: @Sendable () -> Date

    /// Appends an event; a failure to audit fails the operation, never hidden.
    func record(
        _ type: String, tenantID: String?, realmID: String?, subjectID: String?, detail: [String: String] = [:]
    ) async throws {
        let json = String(decoding: try JSONSerialization.data(withJSONObject: detail, options: [.sortedKeys]), as: UTF8.self)
        try await store.appendAuditEvent(AuditEventRecord(
            id: Secrets.identifier(), occurredAt: now(), type: type, tenantID: tenantID, realmID: realmID,
            subjectID: subjectID, detailJSON: json
        ))
    }
}
