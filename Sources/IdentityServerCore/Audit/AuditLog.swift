import Crypto
package import Foundation
package import IdentityStorage

/// The append-only audit log: one event for every security-relevant change.
package struct AuditLog: Sendable {
    package let store: any AuditStore
    package let now: @Sendable () -> Date

    package init(store: any AuditStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// Appends an event; a failure to audit fails the operation, never hidden.
    package func record(
        _ type: String, tenantID: String?, realmID: String?, subjectID: String?, detail: [String: String] = [:]
    ) async throws {
        try await store.appendAuditEvent(
            try event(type, tenantID: tenantID, realmID: realmID, subjectID: subjectID, detail: detail))
    }

    /// How long the refusals of one artifact for one reason are counted on one event.
    package static let refusalWindow: TimeInterval = 60

    /// Records that a request about a known resource (`artifact`: an admin token, a binding
    /// job, a credential, an extension session) was refused, with `reason`. Refusals of one
    /// artifact for one reason within a ``refusalWindow`` are one event counting them (its
    /// detail is the first one's), so whoever repeats a refused request cannot make the log
    /// grow by a row per request. Best effort: the refusal is answered whether or not its record
    /// can be written.
    package func recordRefusal(
        _ type: String, reason: String, of artifact: String, tenantID: String?, realmID: String?, subjectID: String?,
        detail: [String: String] = [:]
    ) async {
        guard var event = try? event(
            type, tenantID: tenantID, realmID: realmID, subjectID: subjectID, detail: detail.merging(["reason": reason]) { _, reason in reason })
        else { return }
        let window = Int((event.occurredAt.timeIntervalSince1970 / Self.refusalWindow).rounded(.down))
        let key = Data([type, reason, artifact, String(window)].joined(separator: "\u{0}").utf8)
        event.id = "rep_" + SHA256.hash(data: key).prefix(16).map { String(format: "%02x", $0) }.joined()
        try? await store.recordRepeatedEvent(event)
    }

    /// An event to write in the same transaction as the change it records, so that neither
    /// commits without the other.
    package func event(
        _ type: String, tenantID: String?, realmID: String?, subjectID: String?, detail: [String: String] = [:]
    ) throws -> AuditEventRecord {
        let occurredAt = now()
        return AuditEventRecord(
            id: Secrets.identifier(at: occurredAt), occurredAt: occurredAt, type: type, tenantID: tenantID, realmID: realmID,
            subjectID: subjectID, detailJSON: Self.json(detail))
    }

    /// Details as a JSON object with sorted keys, written by hand (every sign-in records one).
    package static func json(_ detail: [String: String]) -> String {
        var object = JSONObjectWriter()
        for (key, value) in detail.sorted(by: { $0.key < $1.key }) { object.add(escapingKey: key, value) }
        return object.json
    }
}
