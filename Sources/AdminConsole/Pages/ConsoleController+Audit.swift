import Foundation
package import Hummingbird
import IdentityProtocol
import IdentityStorage
package import IdentityServerCore
import Administration

/// The audit log: filtered by a `GET` form (type or type family, subject, admin token, time),
/// newest first, a page at a time; each event on a page of its own with every detail. A
/// filter that cannot be read is shown again with the error beside its field (`400`).
extension ConsoleController {
    private static let auditTime = Date.VerbatimFormatStyle(
        format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits):\(second: .twoDigits) UTC",
        timeZone: TimeZone(identifier: "UTC")!, calendar: Calendar(identifier: .gregorian))

    package func registerAudit(on signedIn: RouterGroup<ServerRequestContext>) {
        signedIn.get("audit") { request, context in
            let (admin, console) = try acting(context)
            let query = AuditQuery(try request.queryParameters())
            guard query.errors.isEmpty else { return try await auditPage(console, query, subject: nil, listing: nil, admin) }
            var filter = query.filter
            var subject: AuditSubject?
            if let typed = filter.subjectID {
                subject = try await AuditSubject.resolve(typed, tenantID: console.session.admin.tenantID, in: admin.store)
                guard let id = subject?.filterID else { return try await auditPage(console, query, subject: subject, listing: nil, admin) }
                filter.subjectID = id
            }
            let listing = try await admin.auditEvents(matching: filter, query.page)
            return try await auditPage(console, query, subject: subject, listing: listing, admin)
        }
        signedIn.get("audit/:event") { _, context in
            let (admin, console) = try acting(context)
            let event = try await admin.auditEvent(try context.id("event"))
            let detail = Self.detailObject(event.detail)
            let names = try await names(of: [event], admin)
            return renderer.page(.auditEvent, AuditEventPage(
                chrome: chrome(console), id: event.id, type: event.type,
                occurred: event.occurredAt.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
                tenantID: event.tenantID, tenantName: event.tenantID.flatMap { names[$0] },
                tenantHref: event.tenantID.map { paths.href(ConsolePaths.tenant($0)) }, realmID: event.realmID,
                realmName: event.realmID.flatMap { names[$0] }, realmHref: realmHref(event), subjectID: event.subjectID,
                subjectHref: event.subjectID.map { auditHref("subject", $0) },
                actorHref: (detail?["admin_token_id"] as? String).map { auditHref("actor", $0) },
                detail: detail.map(Self.detailRows) ?? [], json: detail.map { Self.indented($0) } ?? event.detail))
        }
    }

    /// The list page: the form with what was typed and, when it could be read, the events
    /// (their tenants and realms by their display names); a username of several identities
    /// lists them to choose from instead.
    private func auditPage(
        _ console: ConsoleRequest, _ query: AuditQuery, subject: AuditSubject?, listing: AdminPage<AuditEvent>?,
        _ admin: AdminService
    ) async throws -> Response {
        let names = try await names(of: listing?.items ?? [], admin)
        var choices: [AuditPage.Identity] = []
        var identity: AuditPage.Identity?
        switch subject {
        case .identity(let record): identity = try await auditIdentity(record, query, admin)
        case .several(let records): for record in records { choices.append(try await auditIdentity(record, query, admin)) }
        case .id, nil: break
        }
        return renderer.page(.audit, AuditPage(
            chrome: chrome(console), values: query.values, errors: query.errors,
            typeFamilies: AuditEventCatalogue.families.map { family in
                AuditPage.TypeFamily(
                    prefix: family.prefix, selected: query.values["type"] == family.prefix,
                    types: family.types.map { AuditPage.TypeOption(type: $0, selected: query.values["type"] == $0) })
            },
            otherType: query.values["type"].flatMap { typed in
                typed.isEmpty || AuditEventCatalogue.families.contains { $0.prefix == typed || $0.types.contains(typed) } ? nil : typed
            },
            subjectIdentity: identity, subjectChoices: choices, choosing: !choices.isEmpty,
            listed: listing != nil, filtered: query.filtered,
            events: (listing?.items ?? []).map { event in
                let detail = Self.detailObject(event.detail)
                let tokenID = detail?["admin_token_id"] as? String
                return AuditPage.Row(
                    id: event.id, href: paths.href("/audit/\(ConsolePaths.segment(event.id))"),
                    occurred: event.occurredAt.formatted(Self.auditTime), type: event.type,
                    tenant: event.tenantID.map { names[$0] ?? $0 }, realm: event.realmID.map { names[$0] ?? $0 },
                    realmID: event.realmID, realmHref: realmHref(event), subjectID: event.subjectID,
                    subjectName: event.subjectID.flatMap { names[$0] },
                    subjectHref: event.subjectID.map { auditHref("subject", $0) },
                    actor: detail?["admin_token"] as? String ?? detail?["by"] as? String,
                    actorHref: tokenID.map { auditHref("actor", $0) })
            },
            newest: query.page.cursor == nil ? nil : paths.href("/audit" + (query.kept.isEmpty ? "" : "?" + query.kept.dropLast())),
            next: nextPage("/audit", listing?.nextCursor, query: query.kept)),
            status: listing == nil && choices.isEmpty ? .badRequest : .ok)
    }

    /// An identity a typed username names: its realm's name, its page, and the audit list
    /// filtered by its id with the other filters kept.
    private func auditIdentity(_ record: IdentityRecord, _ query: AuditQuery, _ admin: AdminService) async throws -> AuditPage.Identity {
        let realm = RealmPath(tenantID: record.tenantID, realmID: record.realmID)
        return AuditPage.Identity(
            id: record.id, username: record.username, realm: try await admin.realm(realm).displayName,
            href: paths.href(ConsolePaths.identity(IdentityPath(realm: realm, identityID: record.id))),
            eventsHref: paths.href("/audit?" + query.kept(setting: "subject", to: record.id).dropLast()))
    }

    /// The display names of the tenants and realms `events` name, by id, each looked up once;
    /// one that no longer exists keeps its id.
    private func names(of events: [AuditEvent], _ admin: AdminService) async throws -> [String: String] {
        var names: [String: String] = [:]
        func look(_ id: String, _ lookup: () async throws -> String) async throws {
            guard names[id] == nil else { return }
            do {
                names[id] = try await lookup()
            } catch let error as ServerError where error.status == .notFound {
                names[id] = id
            }
        }
        for event in events {
            guard let tenantID = event.tenantID else { continue }
            try await look(tenantID) { try await admin.tenant(tenantID).displayName }
            if let realmID = event.realmID {
                try await look(realmID) { try await admin.realm(RealmPath(tenantID: tenantID, realmID: realmID)).displayName }
            }
            // A subject that is an identity of the event's tenant is named by its username.
            if let subject = event.subjectID, names[subject] == nil,
               let identity = try await admin.store.identity(id: subject), identity.tenantID == tenantID {
                names[subject] = identity.username
            }
        }
        return names
    }

    /// The realm's page, when the event names both its tenant and realm.
    private func realmHref(_ event: AuditEvent) -> String? {
        guard let tenantID = event.tenantID, let realmID = event.realmID else { return nil }
        return paths.href(ConsolePaths.realm(tenantID, realmID))
    }

    /// The audit list filtered by one field (`?subject=idn_…`).
    private func auditHref(_ field: String, _ value: String) -> String {
        paths.href("/audit?\(field)=\(ConsolePaths.query(value))")
    }

    /// An event's details as the JSON object they are; `nil` when they are not one.
    private static func detailObject(_ text: String) -> [String: Any]? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    }

    /// The details as rows by key: a string as it is, anything else as indented JSON.
    private static func detailRows(_ object: [String: Any]) -> [AuditEventPage.DetailRow] {
        object.sorted { $0.key < $1.key }.map { key, value in
            guard let string = value as? String else {
                return AuditEventPage.DetailRow(key: key, value: indented(value), structured: value is [Any] || value is [String: Any])
            }
            return AuditEventPage.DetailRow(key: key, value: string, structured: false)
        }
    }

    /// A JSON value, indented, keys sorted.
    private static func indented(_ value: Any) -> String {
        let data = try? JSONSerialization.data(
            withJSONObject: value, options: [.fragmentsAllowed, .prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }
}
