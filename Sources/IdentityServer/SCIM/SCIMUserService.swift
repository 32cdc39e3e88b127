import Foundation
import IdentityStorage

/// `/Users` of a realm's SCIM service: the realm's identities as SCIM users. Each change is
/// written with its audit event (`scim.user.created`, `scim.user.updated`, `scim.user.deleted`,
/// naming the provisioning token) and goes through the storage path the admin API's takes: a
/// suspension (`active: false`) is the identity's status `suspended`, so its sessions and tokens
/// stop at once; a deletion is the status `deleted` with every credential revoked.
struct SCIMUserService {
    let store: any IdentityStore
    let audit: AuditLog
    let now: @Sendable () -> Date
    /// The provisioning token acting.
    let token: ProvisioningTokenRecord
    /// This realm's SCIM base URL.
    let base: String

    func create(_ body: [String: Any]) async throws -> SCIMUserRecord {
        let fields = try SCIMUser.fields(body)
        let now = now()
        let identity = IdentityRecord(
            id: Secrets.identifier(), tenantID: token.tenantID, realmID: token.realmID, username: fields.username,
            email: fields.email, displayName: fields.displayName, status: fields.active ? .active : .suspended,
            createdAt: now, updatedAt: now)
        let user = SCIMUserRecord(identity: identity, externalID: fields.externalID, attributesJSON: fields.attributesJSON, version: 1)
        try await write(username: fields.username) {
            try await store.createSCIMUser(user, audit: try event("scim.user.created", identity.id))
        }
        return user
    }

    /// The user with this id in this realm; `404` otherwise (a deleted one, another realm's).
    func user(_ id: String) async throws -> SCIMUserRecord {
        guard let user = try await store.scimUser(identityID: id), user.identity.tenantID == token.tenantID,
              user.identity.realmID == token.realmID, user.identity.status != .deleted
        else { throw SCIMError.notFound("no user '\(id)'") }
        return user
    }

    /// PUT: the resource is replaced by `body`.
    func replace(_ id: String, _ body: [String: Any], ifMatch: String?) async throws -> SCIMUserRecord {
        let current = try await user(id)
        try Self.check(ifMatch, current)
        return try await update(current, with: try SCIMUser.fields(body))
    }

    /// PATCH: the operations applied to the resource, which then replaces it.
    func patch(_ id: String, _ body: [String: Any], ifMatch: String?) async throws -> SCIMUserRecord {
        let current = try await user(id)
        try Self.check(ifMatch, current)
        let patch = try SCIMPatch(body, knows: SCIMUser.knows, canonical: SCIMUser.canonical)
        var resource = try patch.apply(to: SCIMUser.resource(current, base: base))
        if resource["userName"] == nil { throw SCIMError.mutability("'userName' is required: it cannot be removed") }
        resource["meta"] = nil
        return try await update(current, with: try SCIMUser.fields(resource))
    }

    /// DELETE: the identity is deleted and its credentials revoked, as the admin API's deletion does.
    func delete(_ id: String, ifMatch: String?) async throws {
        let current = try await user(id)
        try Self.check(ifMatch, current)
        var user = current
        user.identity.status = .deleted
        user.identity.updatedAt = now()
        user.version += 1
        try await write(username: user.identity.username) {
            try await store.updateSCIMUser(
                user, expectedVersion: current.version, revokingCredentialsAt: user.identity.updatedAt,
                audit: try event("scim.user.deleted", id, status: "deleted"))
        }
    }

    /// The realm's users that match `filter`, oldest first.
    func list(filter: SCIMFilter?) async throws -> [[String: Any]] {
        try await store.listSCIMUsers(realmID: token.realmID)
            .filter { $0.identity.tenantID == token.tenantID }
            .map { SCIMUser.resource($0, base: base) }
            .filter { filter?.matches($0) ?? true }
    }

    private func update(_ current: SCIMUserRecord, with fields: SCIMUser.Fields) async throws -> SCIMUserRecord {
        var user = current
        user.identity.username = fields.username
        user.identity.displayName = fields.displayName
        user.identity.email = fields.email
        user.identity.status = fields.active ? .active : .suspended
        user.externalID = fields.externalID
        user.attributesJSON = fields.attributesJSON
        guard user != current else { return current }
        user.identity.updatedAt = now()
        user.version += 1
        let status = user.identity.status == current.identity.status ? nil : user.identity.status.rawValue
        try await write(username: fields.username) {
            try await store.updateSCIMUser(
                user, expectedVersion: current.version, revokingCredentialsAt: nil,
                audit: try event("scim.user.updated", user.id, status: status))
        }
        return user
    }

    /// `If-Match` (RFC 7644 §3.14, RFC 7232 §3.1): `*` or a list of ETags, one of them the user's; `412` otherwise.
    static func check(_ ifMatch: String?, _ user: SCIMUserRecord) throws {
        guard let ifMatch else { return }
        let tags = ifMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let current = SCIMUser.etag(user.version)
        guard tags.contains("*") || tags.contains(where: { $0 == current || "W/\($0)" == current }) else {
            throw SCIMError(.preconditionFailed, nil, "the user has changed: its version is \(current)")
        }
    }

    private func event(_ type: String, _ identityID: String, status: String? = nil) throws -> AuditEventRecord {
        var detail = ["provisioning_token_id": token.id]
        detail["status"] = status
        return try audit.event(type, tenantID: token.tenantID, realmID: token.realmID, subjectID: identityID, detail: detail)
    }

    /// A write, its storage errors answered as SCIM's: a username taken is `409 uniqueness`, a
    /// version gone stale meanwhile `412`.
    private func write(username: String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as StorageError where error == .alreadyExists {
            throw SCIMError.uniqueness("the realm already has a user with userName '\(username)'")
        } catch let error as StorageError where error == .notFound {
            throw SCIMError(.preconditionFailed, nil, "the user changed meanwhile: read it again")
        }
    }
}
