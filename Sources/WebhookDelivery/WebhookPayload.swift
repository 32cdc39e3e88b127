package import Foundation
package import IdentityStorage
import IdentityServerCore

/// The body of a webhook message (Standard Webhooks: `type`, `timestamp`, `data`): ids and
/// facts, never a secret. `data` holds the tenant and realm, the event's subject under the name
/// of what it is (`identity_id`, `credential_id` …), and the audit detail's keys known to carry
/// only ids and facts; anything else in the detail stays behind.
package enum WebhookPayload {
    /// The type of the event `POST …/webhooks/{id}/test` sends.
    package static let testEventType = "webhook.test"

    /// Detail keys that may leave the server.
    package static let publicDetailKeys: Set<String> = [
        "identity_id", "credential_id", "application_id", "binding_job_id", "session_id", "client_id", "kind", "by", "reason",
        "replaced_by", "parent_credential_id", "status", "session_ended", "admin_token_id", "label", "via", "transient",
    ]

    /// What the subject id of each event type's audit event is.
    package static func subjectKey(of eventType: String) -> String? {
        switch eventType.split(separator: ".").first {
        case "identity", "sign_in", "session", "refresh_token": "identity_id"
        case "credential": "credential_id"
        case "group": "group_id"
        case "binding_job": "binding_job_id"
        case "admin_token": "admin_token_id"
        default: nil
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private struct Body: Encodable {
        let type: String
        let timestamp: String
        let data: [String: String]
    }

    /// The JSON body of a delivery.
    package static func body(of delivery: WebhookDeliveryRecord) throws -> Data {
        let detail = (try? JSONDecoder().decode([String: String].self, from: Data(delivery.detailJSON.utf8))) ?? [:]
        var data = detail.filter { publicDetailKeys.contains($0.key) }
        if let tenant = delivery.tenantID { data["tenant_id"] = tenant }
        if let realm = delivery.realmID { data["realm_id"] = realm }
        if let key = subjectKey(of: delivery.eventType), let subject = delivery.subjectID { data[key] = subject }
        let timestamp = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(delivery.occurredAt)
        return try encoder.encode(Body(type: delivery.eventType, timestamp: timestamp, data: data))
    }
}
