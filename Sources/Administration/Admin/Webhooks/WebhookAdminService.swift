package import Foundation
package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore
package import WebhookDelivery

/// The admin API's webhook endpoints of a tenant, their secrets and their delivery logs:
/// validated and audited like the admin service's other resources.
package struct WebhookAdminService {
    /// The admin service acting for the same administrator (parentage, audit, storage errors).
    package let admin: AdminService
    package let webhooks: WebhookContext

    package init(admin: AdminService, webhooks: WebhookContext) {
        self.admin = admin
        self.webhooks = webhooks
    }

    private var store: any AdministrationStore { admin.store }

    /// The longest overlap of a rotated secret: a week.
    package static let maxOverlap = 7 * 86_400

    package func create(_ tenantID: String, _ input: WebhookEndpointInput) async throws -> WebhookEndpoint {
        try admin.admin.require(.configure, toDo: "create webhook endpoints")
        _ = try await admin.tenantRecord(tenantID)
        guard let url = input.url else { throw ServerError.invalidRequest("'url' is required") }
        let now = admin.now()
        let id = Secrets.identifier()
        let secret = WebhookSignature.newSecret()
        let record = WebhookEndpointRecord(
            id: id, tenantID: tenantID, url: try validURL(url), description: try description(input.description),
            eventTypes: try eventTypes(input.events ?? WebhookEventMapping.eventTypes), enabled: input.enabled ?? true,
            sealedSecret: try seal(secret, endpointID: id), createdAt: now, updatedAt: now)
        let created = try admin.event("admin.webhook.created", tenantID: tenantID, subjectID: id, detail: ["url": record.url])
        try await admin.write { try await store.createWebhookEndpoint(record, audit: created) }
        var view = Self.view(record)
        view.secret = secret
        return view
    }

    package func endpoints(_ tenantID: String, _ page: PageRequest) async throws -> AdminPage<WebhookEndpoint> {
        try admin.admin.require(.readConfiguration, toDo: "list webhook endpoints")
        _ = try await admin.tenantRecord(tenantID)
        return AdminViews.page(try await store.listWebhookEndpoints(tenantID: tenantID, page), Self.view)
    }

    package func endpoint(_ tenantID: String, _ id: String) async throws -> WebhookEndpoint {
        try admin.admin.require(.readConfiguration, toDo: "read webhook endpoints")
        return Self.view(try await record(tenantID, id))
    }

    package func update(_ tenantID: String, _ id: String, _ input: WebhookEndpointInput) async throws -> WebhookEndpoint {
        try admin.admin.require(.configure, toDo: "change webhook endpoints")
        var record = try await record(tenantID, id)
        if let url = input.url { record.url = try validURL(url) }
        if let events = input.events { record.eventTypes = try eventTypes(events) }
        if input.description != nil { record.description = try description(input.description) }
        if let enabled = input.enabled {
            record.enabled = enabled
            if enabled { record.disabledReason = nil }
        }
        record.updatedAt = admin.now()
        let updated = try admin.event("admin.webhook.updated", tenantID: tenantID, subjectID: id, detail: ["url": record.url])
        try await admin.write { try await store.updateWebhookEndpoint(record, audit: updated) }
        return Self.view(record)
    }

    package func delete(_ tenantID: String, _ id: String) async throws {
        try admin.admin.require(.configure, toDo: "delete webhook endpoints")
        _ = try await record(tenantID, id)
        let deleted = try admin.event("admin.webhook.deleted", tenantID: tenantID, subjectID: id)
        try await admin.write { try await store.deleteWebhookEndpoint(id: id, audit: deleted) }
    }

    /// A new secret; the old one signs too (a second signature) for the overlap.
    package func rotateSecret(_ tenantID: String, _ id: String, _ input: WebhookSecretRotationInput) async throws -> WebhookEndpoint {
        try admin.admin.require(.configure, toDo: "rotate webhook secrets")
        var record = try await record(tenantID, id)
        let overlap = input.overlapSeconds ?? 86_400
        guard (0...Self.maxOverlap).contains(overlap) else {
            throw ServerError.invalidRequest("'overlap_seconds' must be between 0 and \(Self.maxOverlap)")
        }
        let now = admin.now()
        let secret = WebhookSignature.newSecret()
        (record.previousSealedSecret, record.previousSecretExpiresAt) = overlap > 0
            ? (record.sealedSecret, now.addingTimeInterval(TimeInterval(overlap))) : (nil, nil)
        record.sealedSecret = try seal(secret, endpointID: id)
        record.updatedAt = now
        let rotated = try admin.event(
            "admin.webhook.secret_rotated", tenantID: tenantID, subjectID: id, detail: ["overlap_seconds": String(overlap)])
        try await admin.write { try await store.updateWebhookEndpoint(record, audit: rotated) }
        var view = Self.view(record)
        view.secret = secret
        return view
    }

    /// Queues a `webhook.test` message for this endpoint alone.
    package func sendTest(_ tenantID: String, _ id: String) async throws -> WebhookDelivery {
        try admin.admin.require(.configure, toDo: "send test webhooks")
        let record = try await record(tenantID, id)
        let now = admin.now()
        let delivery = WebhookDeliveryRecord(
            id: Self.deliveryID(at: now), endpointID: record.id, messageID: Secrets.identifier(), eventType: WebhookPayload.testEventType,
            occurredAt: now, tenantID: tenantID, realmID: nil, subjectID: nil, detailJSON: "{}", nextAttemptAt: now, createdAt: now)
        try await admin.write { try await store.enqueueWebhookDelivery(delivery) }
        return Self.view(delivery, attempts: [])
    }

    package func deliveries(_ tenantID: String, _ id: String, _ page: PageRequest) async throws -> AdminPage<WebhookDelivery> {
        try admin.admin.require(.readConfiguration, toDo: "read webhook deliveries")
        _ = try await record(tenantID, id)
        return AdminViews.page(try await store.listWebhookDeliveries(endpointID: id, page)) { Self.view($0, attempts: nil) }
    }

    package func delivery(_ tenantID: String, _ id: String, _ deliveryID: String) async throws -> WebhookDelivery {
        try admin.admin.require(.readConfiguration, toDo: "read webhook deliveries")
        let delivery = try await deliveryRecord(tenantID, id, deliveryID)
        return Self.view(delivery, attempts: try await store.webhookAttempts(deliveryID: deliveryID))
    }

    /// Pending again, due now, its attempts counted from zero; the same `webhook-id`.
    package func replay(_ tenantID: String, _ id: String, _ deliveryID: String) async throws -> WebhookDelivery {
        try admin.admin.require(.configure, toDo: "replay webhook deliveries")
        _ = try await deliveryRecord(tenantID, id, deliveryID)
        let replayed = try await admin.write { try await store.replayWebhookDelivery(id: deliveryID, at: admin.now()) }
        return Self.view(replayed, attempts: try await store.webhookAttempts(deliveryID: deliveryID))
    }

    // MARK: Parts

    private func record(_ tenantID: String, _ id: String) async throws -> WebhookEndpointRecord {
        _ = try await admin.tenantRecord(tenantID)
        guard let record = try await store.webhookEndpoint(id: id), record.tenantID == tenantID else {
            throw ServerError.notFound("no such webhook endpoint")
        }
        return record
    }

    private func deliveryRecord(_ tenantID: String, _ id: String, _ deliveryID: String) async throws -> WebhookDeliveryRecord {
        _ = try await record(tenantID, id)
        guard let delivery = try await store.webhookDelivery(id: deliveryID), delivery.endpointID == id else {
            throw ServerError.notFound("no such webhook delivery")
        }
        return delivery
    }

    private func validURL(_ url: String) throws -> String {
        guard url.utf8.count <= 2048 else { throw ServerError.invalidRequest("'url' is longer than 2048 bytes") }
        do {
            _ = try webhooks.targetCheck.validate(url)
        } catch {
            throw ServerError.invalidRequest("'url': \(error)")
        }
        return url
    }

    /// The description, or none for an empty one (which clears it).
    private func description(_ text: String?) throws -> String? {
        try InputRules.optionalName(text.flatMap { $0.isEmpty ? nil : $0 }, field: "description", maxLength: 200)
    }

    private func eventTypes(_ types: [String]) throws -> [String] {
        guard !types.isEmpty else { throw ServerError.invalidRequest("'events' must name at least one event type") }
        for type in types where !WebhookEventMapping.eventTypes.contains(type) {
            throw ServerError.invalidRequest(
                "'events': unknown event type '\(type)' (known: \(WebhookEventMapping.eventTypes.joined(separator: ", ")))")
        }
        return WebhookEventMapping.eventTypes.filter(types.contains)
    }

    private func seal(_ secret: String, endpointID: String) throws -> Data {
        try webhooks.sealer.seal(
            Data(secret.utf8), purpose: SealedSecret.Owner.webhookSecret(endpointID: endpointID, previous: false).purpose)
    }

    /// A delivery id as the queue's trigger makes them: `whd_`, the event's time in 13 digits of
    /// milliseconds, 16 random hex digits.
    package static func deliveryID(at date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let random = (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        return "whd_" + String(format: "%013lld", milliseconds) + random
    }

    // MARK: Views

    package static func view(_ record: WebhookEndpointRecord) -> WebhookEndpoint {
        WebhookEndpoint(
            id: record.id, tenantID: record.tenantID, url: record.url, description: record.description, events: record.eventTypes,
            enabled: record.enabled, disabledReason: record.disabledReason, previousSecretExpiresAt: record.previousSecretExpiresAt,
            createdAt: record.createdAt, updatedAt: record.updatedAt)
    }

    package static func view(_ record: WebhookDeliveryRecord, attempts: [WebhookAttemptRecord]?) -> WebhookDelivery {
        WebhookDelivery(
            id: record.id, endpointID: record.endpointID, messageID: record.messageID, eventType: record.eventType,
            occurredAt: record.occurredAt, status: WebhookDeliveryStatus(rawValue: record.state.rawValue), attemptCount: record.attempts,
            nextAttemptAt: record.state == .pending ? record.nextAttemptAt : nil, lastStatusCode: record.lastStatus,
            completedAt: record.completedAt,
            attempts: attempts?.map {
                WebhookAttempt(
                    attemptedAt: $0.attemptedAt, durationMs: $0.durationMilliseconds, statusCode: $0.statusCode,
                    responseExcerpt: $0.responseExcerpt, error: $0.error, nextAttemptAt: $0.nextAttemptAt)
            })
    }
}
