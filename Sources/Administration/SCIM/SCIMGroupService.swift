import Foundation
package import IdentityStorage
import IdentityServerCore

/// `/Groups` of a realm's SCIM service: the realm's groups, whose members are its users. Each
/// change is written with its audit event (`scim.group.created`, `scim.group.updated`,
/// `scim.group.deleted`, naming the provisioning token); a member must be a user of this realm
/// that is not deleted.
package struct SCIMGroupService: SCIMResourceService {
    package let context: SCIMRequestContext
    private var store: any AdministrationStore { context.store }
    private var token: ProvisioningTokenRecord { context.token }
    package var base: String { context.base }
    package static var type: SCIMResourceType { .group }

    package func resource(_ record: IdentityGroupRecord) -> [String: Any] { SCIMGroup.resource(record, base: base) }
    package static func fields(_ resource: [String: Any]) throws -> SCIMGroup.Fields { try SCIMGroup.fields(resource) }

    package func create(_ body: [String: Any]) async throws -> IdentityGroupRecord {
        let fields = try SCIMGroup.fields(body)
        try await checkMembers(fields.memberIDs)
        let now = context.now()
        let group = IdentityGroupRecord(
            id: Secrets.identifier(), tenantID: token.tenantID, realmID: token.realmID, displayName: fields.displayName,
            externalID: fields.externalID, memberIDs: fields.memberIDs, createdAt: now, updatedAt: now)
        try await context.write(taken: Self.taken(fields.displayName)) {
            try await store.createGroup(group, audit: try context.event("scim.group.created", group.id))
        }
        return group
    }

    /// The group with this id in this realm; `404` otherwise.
    package func read(_ id: String) async throws -> IdentityGroupRecord {
        guard let group = try await store.group(id: id), group.tenantID == token.tenantID, group.realmID == token.realmID else {
            throw SCIMError.notFound("no group '\(id)'")
        }
        return group
    }

    /// DELETE: the group goes, and with it its name from its members' `groups` claims.
    package func delete(_ id: String, ifMatch: String?) async throws {
        let current = try await read(id)
        try SCIMMeta.check(ifMatch, version: current.version)
        try await context.write(taken: Self.taken(current.displayName)) {
            try await store.deleteGroup(
                id: id, expectedVersion: current.version, audit: try context.event("scim.group.deleted", id))
        }
    }

    package static let filterable: [String: SCIMFilterAttribute<IdentityGroupField>] = [
        "id": .init(field: .id, kind: .text), "displayname": .init(field: .displayName, kind: .text),
        "externalid": .init(field: .externalID, kind: .text), "members": .init(field: .member, kind: .reference),
        "members.value": .init(field: .member, kind: .reference), "meta.created": .init(field: .created, kind: .date),
        "meta.lastmodified": .init(field: .lastModified, kind: .date),
    ]

    /// A page of groups holds at most ``SCIMGroup/maxMembers`` members in all (and one group at least).
    package func records(
        matching condition: DirectoryCondition<IdentityGroupField>?, offset: Int, limit: Int
    ) async throws -> DirectoryPage<IdentityGroupRecord> {
        try await store.groups(
            realmID: token.realmID, matching: condition, offset: offset, limit: limit, memberLimit: SCIMGroup.maxMembers)
    }

    package func update(_ current: IdentityGroupRecord, with fields: SCIMGroup.Fields) async throws -> IdentityGroupRecord {
        var group = current
        group.displayName = fields.displayName
        group.externalID = fields.externalID
        group.memberIDs = Array(Set(fields.memberIDs)).sorted()
        guard group != current else { return current }
        try await checkMembers(group.memberIDs.filter { !current.memberIDs.contains($0) })
        group.updatedAt = context.now()
        group.version += 1
        try await context.write(taken: Self.taken(fields.displayName)) {
            try await store.updateGroup(
                group, expectedVersion: current.version, audit: try context.event("scim.group.updated", group.id))
        }
        return group
    }

    /// Every id is a user of this realm that is not deleted; `invalidValue` naming the first that is not.
    private func checkMembers(_ ids: [String]) async throws {
        for id in Set(ids).sorted() {
            guard let identity = try await store.identity(id: id), identity.tenantID == token.tenantID,
                  identity.realmID == token.realmID, identity.status != .deleted
            else { throw SCIMError.invalidValue("a member must be a user of this realm: there is no user '\(id)'") }
        }
    }

    private static func taken(_ name: String) -> String { "the realm already has a group named '\(name)'" }
}
