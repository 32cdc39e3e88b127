import Foundation
package import IdentityStorage
import IdentityServerCore

/// `/Users` of a realm's SCIM service: the realm's identities as SCIM users. Each change is
/// written with its audit event (`scim.user.created`, `scim.user.updated`, `scim.user.deleted`,
/// naming the provisioning token) and goes through the storage path the admin API's takes: a
/// suspension (`active: false`) is the identity's status `suspended`, so its sessions and tokens
/// stop at once; a deletion is the status `deleted` with every credential revoked.
package struct SCIMUserService: SCIMResourceService {
    package let context: SCIMRequestContext
    private var store: any AdministrationStore { context.store }
    private var token: ProvisioningTokenRecord { context.token }
    package var base: String { context.base }
    package static var type: SCIMResourceType { .user }

    package func resource(_ record: SCIMUserRecord) -> [String: Any] { SCIMUser.resource(record, base: base) }
    package static func fields(_ resource: [String: Any]) throws -> SCIMUser.Fields { try SCIMUser.fields(resource) }

    package func create(_ body: [String: Any]) async throws -> SCIMUserRecord {
        let fields = try SCIMUser.fields(body)
        let now = context.now()
        let identity = IdentityRecord(
            id: Secrets.randomIdentifier(), tenantID: token.tenantID, realmID: token.realmID, username: fields.username,
            email: fields.email, displayName: fields.displayName, status: fields.active ? .active : .suspended,
            createdAt: now, updatedAt: now)
        let user = SCIMUserRecord(identity: identity, externalID: fields.externalID, attributesJSON: fields.attributesJSON, version: 1)
        let mailing = try await enrollment(of: identity, at: now)
        try await context.write(taken: Self.taken(fields.username)) {
            try await store.createSCIMUser(user, enrolling: mailing, audit: try context.event("scim.user.created", identity.id))
        }
        return user
    }

    /// The registration link mailed to a new user, where the realm's `scim_enrollment` is `email`
    /// and the user is active with an email; `nil` otherwise.
    private func enrollment(of identity: IdentityRecord, at now: Date) async throws -> EnrollmentMailing? {
        guard identity.status == .active, identity.email != nil, let realm = try await store.realm(id: identity.realmID),
              realm.scimEnrollment == .email
        else { return nil }
        let invitation = try context.invitations.invite(
            identity, of: realm, kind: .registration, delivery: .email, lifetime: context.enrollmentLifetime, now: now)
        guard let mail = invitation.mail else { return nil }
        let event = try context.event("binding_job.created", invitation.job.id, detail: ["identity_id": identity.id])
        return EnrollmentMailing(job: invitation.job, mail: mail, event: event)
    }

    /// The user with this id in this realm; `404` otherwise (a deleted one, another realm's).
    package func read(_ id: String) async throws -> SCIMUserRecord {
        guard let user = try await store.scimUser(identityID: id), user.identity.tenantID == token.tenantID,
              user.identity.realmID == token.realmID, user.identity.status != .deleted
        else { throw SCIMError.notFound("no user '\(id)'") }
        return user
    }

    /// DELETE: the identity is deleted and its credentials revoked, as the admin API's deletion does.
    package func delete(_ id: String, ifMatch: String?) async throws {
        let current = try await read(id)
        try SCIMMeta.check(ifMatch, version: current.version)
        var user = current
        user.identity.status = .deleted
        user.identity.updatedAt = context.now()
        user.version += 1
        try await context.write(taken: Self.taken(user.identity.username)) {
            try await store.updateSCIMUser(
                user, expectedVersion: current.version, revokingCredentialsAt: user.identity.updatedAt,
                audit: try context.event("scim.user.deleted", id, detail: ["status": "deleted"]))
        }
    }

    package static let filterable: [String: SCIMFilterAttribute<SCIMUserField>] = [
        "id": .init(field: .id, kind: .text), "username": .init(field: .userName, kind: .text),
        "displayname": .init(field: .displayName, kind: .text), "emails": .init(field: .email, kind: .text),
        "emails.value": .init(field: .email, kind: .text), "externalid": .init(field: .externalID, kind: .text),
        "active": .init(field: .active, kind: .bool), "meta.created": .init(field: .created, kind: .date),
        "meta.lastmodified": .init(field: .lastModified, kind: .date),
    ]

    package func records(
        matching condition: DirectoryCondition<SCIMUserField>?, offset: Int, limit: Int
    ) async throws -> DirectoryPage<SCIMUserRecord> {
        try await store.scimUsers(realmID: token.realmID, matching: condition, offset: offset, limit: limit)
    }

    package func update(_ current: SCIMUserRecord, with fields: SCIMUser.Fields) async throws -> SCIMUserRecord {
        var user = current
        user.identity.username = fields.username
        user.identity.displayName = fields.displayName
        user.identity.email = fields.email
        user.identity.status = fields.active ? .active : .suspended
        user.externalID = fields.externalID
        user.attributesJSON = fields.attributesJSON
        guard user != current else { return current }
        user.identity.updatedAt = context.now()
        user.version += 1
        let status = user.identity.status == current.identity.status ? nil : user.identity.status.rawValue
        try await context.write(taken: Self.taken(fields.username)) {
            try await store.updateSCIMUser(
                user, expectedVersion: current.version, revokingCredentialsAt: nil,
                audit: try context.event("scim.user.updated", user.id, detail: status.map { ["status": $0] } ?? [:]))
        }
        return user
    }

    private static func taken(_ username: String) -> String { "the realm already has a user with userName '\(username)'" }
}
