import Foundation
import IdentityStorage
import Testing

import IdentityServerCore
import WebhookDelivery

/// Webhook bodies (issue 34): `type`, `timestamp`, `data` with ids and facts, never a secret.
@Suite struct WebhookPayloadTests {
    static func delivery(_ type: String, subject: String?, detail: String) -> WebhookDeliveryRecord {
        WebhookDeliveryRecord(
            id: "whd_1", endpointID: "whe_1", messageID: "evt_1", eventType: type, occurredAt: Date(timeIntervalSince1970: 1_700_000_000.25),
            tenantID: "ten_1", realmID: "rlm_1", subjectID: subject, detailJSON: detail, nextAttemptAt: .now, createdAt: .now)
    }

    static func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func theSubjectIsNamedAndOnlyKnownDetailKeysLeave() throws {
        let body = try Self.json(try WebhookPayload.body(of: Self.delivery(
            "credential.revoked", subject: "crd_1",
            detail: #"{"admin_token":"ops","admin_token_id":"adm_1","by":"admin","ip":"10.0.0.1","token":"secret","via":"api"}"#)))
        #expect(body["type"] as? String == "credential.revoked")
        #expect(body["timestamp"] as? String == "2023-11-14T22:13:20.250Z")
        #expect(body["data"] as? [String: String] == [
            "tenant_id": "ten_1", "realm_id": "rlm_1", "credential_id": "crd_1", "admin_token_id": "adm_1", "by": "admin", "via": "api",
        ])
    }

    @Test(arguments: [
        ("identity.suspended", "identity_id"), ("sign_in.succeeded", "identity_id"), ("session.revoked", "identity_id"),
        ("refresh_token.reused", "identity_id"), ("credential.bound", "credential_id"), ("binding_job.created", "binding_job_id"),
        ("admin_token.revoked", "admin_token_id"),
    ])
    func everyEventTypeNamesItsSubject(type: String, key: String) throws {
        #expect(WebhookEventMapping.eventTypes.contains(type))
        let data = try Self.json(try WebhookPayload.body(of: Self.delivery(type, subject: "sub_1", detail: "{}")))["data"]
        #expect((data as? [String: String])?[key] == "sub_1")
    }

    @Test func everyEventTypeHasItsSubjectKey() {
        for type in WebhookEventMapping.eventTypes { #expect(WebhookPayload.subjectKey(of: type) != nil, "\(type)") }
    }
}
