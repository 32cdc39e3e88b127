import Foundation
import IdentityStorage

/// The append-only audit log: one event for every security-relevant change.
struct AuditLog: Sendable {
    let store: any IdentityStore
    let now: @Sendable () -> Date

    /// Details as a JSON object with sorted keys.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Appends an event; a failure to audit fails the operation, never hidden.
    func record(
        _ type: String, tenantID: String?, realmID: String?, subjectID: String?, detail: [String: String] = [:]
    ) async throws {
        try await store.appendAuditEvent(
            try event(type, tenantID: tenantID, realmID: realmID, subjectID: subjectID, detail: detail))
    }

    /// Records that a request about a known resource was refused, with `reason`. Best effort:
    /// the refusal is answered whether or not its record can be written.
    func recordRefusal(
        _ type: String, reason: String, tenantID: String?, realmID: String?, subjectID: String?, detail: [String: String] = [:]
    ) async {
        try? await record(
            type, tenantID: tenantID, realmID: realmID, subjectID: subjectID, detail: detail.merging(["reason": reason]) { _, reason in reason })
    }

    /// An event to write in the same transaction as the change it records, so that neither
    /// commits without the other.
    func event(
        _ type: String, tenantID: String?, realmID: String?, subjectID: String?, detail: [String: String] = [:]
    ) throws -> AuditEventRecord {
        let json = String(decoding: try Self.encoder.encode(detail), as: UTF8.self)
        return AuditEventRecord(
            id: Secrets.identifier(), occurredAt: now(), type: type, tenantID: tenantID, realmID: realmID,
            subjectID: subjectID, detailJSON: json)
    }
}
