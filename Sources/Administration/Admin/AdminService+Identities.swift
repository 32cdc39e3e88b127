import Foundation
package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore
import OpenIDProvider

/// Identities, their credentials and their binding jobs.
extension AdminService {
    package func createIdentity(_ realm: RealmPath, _ input: IdentityInput) async throws -> Identity {
        try admin.require(.helpIdentities, toDo: "create identities")
        _ = try await realmRecord(realm)
        let record = try newIdentity(realm, input)
        let created = try event("admin.identity.created", tenantID: realm.tenantID, realmID: realm.realmID, subjectID: record.id)
        try await write(conflict: "the realm already has an identity with username '\(record.username)'") {
            try await store.createIdentity(record, audit: created)
        }
        return AdminViews.identity(record)
    }

    /// The identity `input` describes in `realm`, validated, not yet stored.
    package func newIdentity(_ realm: RealmPath, _ input: IdentityInput) throws -> IdentityRecord {
        let username = try InputRules.name(input.username, field: "username", maxLength: 128)
        let now = now()
        return IdentityRecord(
            id: Secrets.randomIdentifier(), tenantID: realm.tenantID, realmID: realm.realmID, username: username,
            email: try InputRules.email(input.email),
            displayName: try InputRules.optionalName(input.displayName, field: "display_name") ?? username,
            status: try InputRules.oneOf(input.status, default: .active, field: "status"),
            createdAt: now, updatedAt: now)
    }

    /// The identity, with the groups it belongs to (a deleted identity belongs to none): the
    /// first ``GroupsClaim/maxGroups`` by name, as tokens carry them.
    package func identity(_ path: IdentityPath) async throws -> Identity {
        try admin.require(.read, toDo: "read identities")
        var identity = AdminViews.identity(try await identityRecord(path))
        identity.groups = identity.status == .deleted ? [] : try await store.groups(
            ofIdentity: path.identityID, limit: GroupsClaim.maxGroups
        ).map {
            IdentityGroup(id: $0.groupID, displayName: $0.displayName)
        }
        return identity
    }

    /// The realm's identities that `query` selects, a page in its order, with how many it selects.
    package func identities(_ realm: RealmPath, _ query: IdentityQuery = IdentityQuery(), _ page: PageRequest) async throws -> AdminPage<Identity> {
        try admin.require(.read, toDo: "list identities")
        _ = try await realmRecord(realm)
        let found = try await store.findIdentities(realmID: realm.realmID, query, page)
        var listed = AdminViews.page(found, AdminViews.identity)
        listed.total = try await store.countIdentities(realmID: realm.realmID, query)
        return listed
    }

    /// Updates fields; a status of `deleted` also revokes every credential. A deleted identity
    /// is final: `409 conflict`.
    package func updateIdentity(_ path: IdentityPath, _ input: IdentityInput) async throws -> Identity {
        try admin.require(.helpIdentities, toDo: "change identities")
        var record = try await identityRecord(path)
        let formerStatus = record.status
        guard record.status != .deleted else {
            throw ServerError(APIErrorCode.conflict, "the identity is deleted: it cannot change, nor come back")
        }
        record.username = try InputRules.optionalName(input.username, field: "username", maxLength: 128) ?? record.username
        if input.email != nil { record.email = try InputRules.email(input.email) }
        record.displayName = try InputRules.optionalName(input.displayName, field: "display_name") ?? record.displayName
        if input.status != nil { record.status = try InputRules.oneOf(input.status, field: "status") }
        record.updatedAt = now()
        let deleting = record.status == .deleted
        // A new status is named (a suspension becomes the webhook event identity.suspended).
        let changed = try event(
            deleting ? "admin.identity.deleted" : "admin.identity.updated", tenantID: path.tenantID, realmID: path.realmID,
            subjectID: path.identityID, detail: record.status == formerStatus ? [:] : ["status": record.status.rawValue])
        try await write(conflict: "the realm already has an identity with username '\(record.username)'") {
            try await store.updateIdentity(record, revokingCredentialsAt: deleting ? record.updatedAt : nil, audit: changed)
        }
        return AdminViews.identity(record)
    }

    /// Soft delete: status `deleted`, credentials revoked; the row stays for audit.
    package func deleteIdentity(_ path: IdentityPath) async throws {
        try admin.require(.deleteIdentities, toDo: "delete identities")
        _ = try await updateIdentity(path, IdentityInput(status: IdentityRecord.Status.deleted.rawValue))
    }

    // MARK: Credentials

    package func credentials(_ identity: IdentityPath, _ page: PageRequest) async throws -> AdminPage<AdminCredential> {
        try admin.require(.read, toDo: "list credentials")
        _ = try await identityRecord(identity)
        let records = try await store.listCredentials(identityID: identity.identityID, page)
        return AdminPage(items: try await described(records.items), nextCursor: records.nextCursor)
    }

    package func credential(_ identity: IdentityPath, _ credentialID: String) async throws -> AdminCredential {
        try admin.require(.read, toDo: "read credentials")
        return try await described([try await credentialRecord(identity, credentialID)])[0]
    }

    /// The credentials as administrators see them, their passkeys' details read in one query.
    private func described(_ records: [CredentialRecord]) async throws -> [AdminCredential] {
        let passkeyIDs = records.filter { $0.kind == .passkey }.map(\.id)
        let passkeys = Dictionary(
            try await store.passkeys(credentialIDs: passkeyIDs).map { ($0.credentialID, $0) }, uniquingKeysWith: { first, _ in first })
        return try records.map { try AdminViews.credential($0, passkey: passkeys[$0.id]) }
    }

    package func revokeCredential(_ identity: IdentityPath, _ credentialID: String) async throws -> AdminCredential {
        try admin.require(.helpIdentities, toDo: "revoke credentials")
        _ = try await credentialRecord(identity, credentialID)
        let revocation = try event("credential.revoked", tenantID: identity.tenantID, realmID: identity.realmID, subjectID: credentialID)
        let revoked = try await write { try await store.revokeCredential(id: credentialID, at: now(), audit: revocation) }
        return try await described([revoked])[0]
    }

    private func credentialRecord(_ identity: IdentityPath, _ credentialID: String) async throws -> CredentialRecord {
        _ = try await identityRecord(identity)
        guard let record = try await store.credential(id: credentialID), record.identityID == identity.identityID else {
            throw ServerError.notFound("no such credential")
        }
        return record
    }

    // MARK: Binding jobs

    /// Creates an enrollment link. For delivery `email` the mail carrying it is written to the mail
    /// queue in the job's own transaction (its message sealed under the master key) and sent by
    /// ``MailDeliveryService``: the answer comes at once, with the mail pending, whether or not
    /// the relay is up. For delivery `return` the link is in the answer, and nowhere else.
    package func createBindingJob(_ path: IdentityPath, _ input: BindingJobInput) async throws -> BindingJob {
        try admin.require(.helpIdentities, toDo: "send enrollment links")
        let realm = try await realmRecord(path.realm)
        let identity = try await identityRecord(path)
        guard identity.status == .active else {
            throw ServerError(APIErrorCode.identityInactive, "the identity is \(identity.status)")
        }
        let kind: BindingJobRecord.Kind = try InputRules.oneOf(input.kind, default: .registration, field: "kind")
        let delivery: BindingJobRecord.Delivery = try InputRules.oneOf(input.delivery, default: .email, field: "delivery")
        if delivery == .email, identity.email == nil {
            throw ServerError.invalidRequest("the identity has no email address; use delivery 'return'")
        }
        let lifetime = TimeInterval(input.lifetimeSeconds ?? Int(lifetimes.bindingJob))
        guard (60...(30 * 86_400)).contains(lifetime) else {
            throw ServerError.invalidRequest("'lifetime_seconds' must be between 60 and 2592000")
        }
        let redirect = try input.postBindingRedirectURI.map { try InputRules.redirectTarget($0, field: "post_binding_redirect_uri") }
        if input.keepOtherCredentials == true, kind != .recovery {
            throw ServerError.invalidRequest("'keep_other_credentials' is for recovery jobs")
        }
        let invitation = try EnrollmentInvitations(keyring: keyring, mailFrom: mailFrom, baseURL: baseURL).invite(
            identity, of: realm, kind: kind, delivery: delivery, lifetime: lifetime, redirect: redirect,
            keepsOtherCredentials: input.keepOtherCredentials ?? false, now: now())
        let record = invitation.job
        let created = try event("binding_job.created", tenantID: path.tenantID, realmID: path.realmID, subjectID: record.id)
        try await write { try await store.createBindingJob(record, mailing: invitation.mail, audit: created) }
        var view = AdminViews.bindingJob(record, mail: invitation.mail)
        view.credentialBindingLink = delivery == .return ? invitation.link : nil
        return view
    }

    package func bindingJob(_ identity: IdentityPath, _ jobID: String) async throws -> BindingJob {
        try admin.require(.read, toDo: "read enrollments")
        _ = try await identityRecord(identity)
        guard let record = try await store.bindingJob(id: jobID), record.identityID == identity.identityID else {
            throw ServerError.notFound("no such binding job")
        }
        return AdminViews.bindingJob(record, mail: try await store.mailDeliveries(bindingJobIDs: [record.id]).first)
    }

    /// Revokes a link not used yet: it works no more (`409` for one used or revoked already).
    package func revokeBindingJob(_ identity: IdentityPath, _ jobID: String) async throws -> BindingJob {
        try admin.require(.helpIdentities, toDo: "revoke enrollment links")
        _ = try await bindingJob(identity, jobID)
        let revoked = try event("binding_job.revoked", tenantID: identity.tenantID, realmID: identity.realmID, subjectID: jobID)
        guard try await write({ try await store.revokeBindingJob(id: jobID, at: now(), audit: revoked) }) else {
            throw ServerError(APIErrorCode.conflict, "this link was used or revoked already")
        }
        return try await bindingJob(identity, jobID)
    }

    package func bindingJobs(_ identity: IdentityPath, _ page: PageRequest) async throws -> AdminPage<BindingJob> {
        try admin.require(.read, toDo: "list enrollments")
        _ = try await identityRecord(identity)
        let jobs = try await store.listBindingJobs(identityID: identity.identityID, page)
        let mails = Dictionary(
            try await store.mailDeliveries(bindingJobIDs: jobs.items.map(\.id)).map { ($0.bindingJobID, $0) }) { first, _ in first }
        return AdminViews.page(jobs) { AdminViews.bindingJob($0, mail: mails[$0.id]) }
    }
}
