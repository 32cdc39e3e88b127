package import Foundation
package import IdentityProtocol
package import IdentityStorage
import X509
package import IdentityServerCore
package import RealmKeys

/// The admin API's logic: resources under tenants, validated, audited.
package struct AdminService {
    package let store: any AdministrationStore
    package let keyring: RealmKeyring
    /// The `From` of enrollment emails; `nil` for `no-reply@` the public host.
    package var mailFrom: String?
    package let audit: AuditLog
    package let lifetimes: ArtifactLifetimes
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date
    /// Who is acting: every audit event names them.
    package let admin: AdminPrincipal
    /// How long a rotated signing key's successor is published before it signs.
    package var signingKeyPrepublication: TimeInterval = SigningKeySettings().prepublication

    package init(
        store: any AdministrationStore, keyring: RealmKeyring, mailFrom: String? = nil, audit: AuditLog, lifetimes: ArtifactLifetimes,
        baseURL: PublicBaseURL, now: @escaping @Sendable () -> Date, admin: AdminPrincipal,
        signingKeyPrepublication: TimeInterval = SigningKeySettings().prepublication
    ) {
        self.store = store
        self.keyring = keyring
        self.mailFrom = mailFrom
        self.audit = audit
        self.lifetimes = lifetimes
        self.baseURL = baseURL
        self.now = now
        self.admin = admin
        self.signingKeyPrepublication = signingKeyPrepublication
    }

    /// How recent an operator's sign-in must be for a dangerous change (``requireRecentProof(toDo:)``).
    package static let recentProof: TimeInterval = 5 * 60

    /// Throws ``AdminStepUpRequired`` when an operator's last sign-in is older than
    /// ``recentProof``; admin tokens (machines) pass. For rotating keys, deleting a tenant,
    /// creating an admin token, and adding or changing an operator.
    package func requireRecentProof(toDo action: String) throws {
        guard admin.isOperator else { return }
        guard let provedAt = admin.provedAt, now().timeIntervalSince(provedAt) <= Self.recentProof else {
            throw AdminStepUpRequired(action: action)
        }
    }

    // MARK: Parentage: a child under the wrong parent is not found.

    package func tenantRecord(_ tenantID: String) async throws -> TenantRecord {
        guard let tenant = try await store.tenant(id: tenantID) else { throw ServerError.notFound("no such tenant") }
        return tenant
    }

    package func realmRecord(_ path: RealmPath) async throws -> RealmRecord {
        guard let realm = try await store.realm(id: path.realmID), realm.tenantID == path.tenantID else {
            throw ServerError.notFound("no such realm")
        }
        return realm
    }

    /// ``realmRecord(_:)`` as the applications' functions call it, until they take a ``RealmPath``.
    package func realmRecord(_ tenantID: String, _ realmID: String) async throws -> RealmRecord {
        try await realmRecord(RealmPath(tenantID: tenantID, realmID: realmID))
    }

    package func identityRecord(_ path: IdentityPath) async throws -> IdentityRecord {
        guard let identity = try await store.identity(id: path.identityID), identity.tenantID == path.tenantID,
              identity.realmID == path.realmID
        else { throw ServerError.notFound("no such identity") }
        return identity
    }

    /// Runs a storage write, answering the storage contract's errors as the admin API does
    /// (`404 not_found`, `409 conflict` with `conflict` as its description when given, naming
    /// what clashed).
    package func write<T>(conflict: String? = nil, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as StorageError {
            if error == .alreadyExists, let conflict { throw ServerError(APIErrorCode.conflict, conflict) }
            throw ServerError.from(error)
        }
    }

    /// Records an admin change, naming the administrator who made it.
    package func audit(
        _ type: String, tenantID: String?, realmID: String? = nil, subjectID: String?, detail: [String: String] = [:]
    ) async throws {
        try await store.appendAuditEvent(try event(type, tenantID: tenantID, realmID: realmID, subjectID: subjectID, detail: detail))
    }

    /// The event of an admin change, naming the administrator, to write with the change itself.
    package func event(
        _ type: String, tenantID: String?, realmID: String? = nil, subjectID: String?, detail: [String: String] = [:]
    ) throws -> AuditEventRecord {
        try audit.event(
            type, tenantID: tenantID, realmID: realmID, subjectID: subjectID,
            detail: admin.auditDetail.merging(detail) { byAdmin, _ in byAdmin })
    }

    // MARK: Tenants

    /// Creates a tenant; `id` only for the operators' tenant, whose id is fixed.
    package func createTenant(_ input: TenantInput, id: String = Secrets.identifier()) async throws -> Tenant {
        try admin.require(.manageServer, toDo: "create tenants")
        let now = now()
        let record = TenantRecord(
            id: id, displayName: try InputRules.name(input.displayName, field: "display_name"),
            createdAt: now, updatedAt: now)
        let created = try event("admin.tenant.created", tenantID: record.id, subjectID: record.id)
        try await write { try await store.createTenant(record, audit: created) }
        return AdminViews.tenant(record)
    }

    package func tenant(_ tenantID: String) async throws -> Tenant {
        try admin.require(.read, toDo: "read tenants")
        return AdminViews.tenant(try await tenantRecord(tenantID))
    }

    /// All tenants, or the token's own.
    package func tenants(_ page: PageRequest) async throws -> AdminPage<Tenant> {
        try admin.require(.read, toDo: "list tenants")
        guard let own = admin.tenantID else {
            // The operators' tenant is listed to those who reach it: owners.
            let listed = AdminViews.page(try await store.listTenants(page), AdminViews.tenant)
            return AdminPage(items: listed.items.filter { admin.administers(tenantID: $0.id) }, nextCursor: listed.nextCursor)
        }
        let tenant = page.cursor == nil ? try await store.tenant(id: own) : nil
        return AdminPage(items: tenant.map { [AdminViews.tenant($0)] } ?? [], nextCursor: nil)
    }

    package func updateTenant(_ tenantID: String, _ input: TenantInput) async throws -> Tenant {
        try admin.require(.configure, toDo: "change tenants")
        var record = try await tenantRecord(tenantID)
        record.displayName = try InputRules.optionalName(input.displayName, field: "display_name") ?? record.displayName
        record.updatedAt = now()
        let updated = try event("admin.tenant.updated", tenantID: tenantID, subjectID: tenantID)
        try await write { try await store.updateTenant(record, audit: updated) }
        return AdminViews.tenant(record)
    }

    package func deleteTenant(_ tenantID: String) async throws {
        try admin.require(.manageServer, toDo: "delete tenants")
        try requireRecentProof(toDo: "delete a tenant")
        guard tenantID != OperatorsRealm.tenantID else {
            throw ServerError(APIErrorCode.conflict, "the operators' tenant cannot be deleted: the console's operators are its identities")
        }
        let deleted = try event("admin.tenant.deleted", tenantID: tenantID, subjectID: tenantID)
        let realmIDs = try await write { try await store.deleteTenant(id: tenantID, audit: deleted) }
        for realmID in realmIDs { await keyring.forget(realmID: realmID) }
    }

    // MARK: Realms

    /// Creates a realm; `id` only for the operators' realm, whose id is fixed.
    package func createRealm(_ tenantID: String, _ input: RealmInput, id: String = Secrets.identifier()) async throws -> Realm {
        try admin.require(.configure, toDo: "create realms")
        _ = try await tenantRecord(tenantID)
        let displayName = try InputRules.name(input.displayName, field: "display_name")
        let redirect = try InputRules.redirectTarget(input.registrationRedirectURI, field: "registration_redirect_uri")
        let (authority, sealedKey) = try await keyring.createAuthority(realmID: id, displayName: displayName)
        let now = now()
        var record = RealmRecord(
            id: id, tenantID: tenantID, displayName: displayName, registrationRedirectURI: redirect,
            sealedCAPrivateKey: sealedKey, caCertificateDER: try authority.certificate.derData, createdAt: now, updatedAt: now)
        try Self.apply(input.theme, to: &record.theme)
        if let enrollment = input.scimEnrollment { record.scimEnrollment = try InputRules.oneOf(enrollment, field: "scim_enrollment") }
        try PasskeyPolicyRules.apply(input.passkeyPolicy, to: &record.passkeyPolicy, host: baseURL.host)
        record.accountPage = input.accountPage ?? record.accountPage
        let signingKey = try await keyring.newSigningKey(.es256, realmID: id)
        let created = try event("admin.realm.created", tenantID: tenantID, realmID: id, subjectID: id)
        try await write { try await store.createRealm(record, signingKey: signingKey, audit: created) }
        return try AdminViews.realm(record, issuer: baseURL.issuer(tenantID: tenantID, realmID: id))
    }

    package func realm(_ path: RealmPath) async throws -> Realm {
        try admin.require(.read, toDo: "read realms")
        return try AdminViews.realm(try await realmRecord(path), issuer: baseURL.issuer(tenantID: path.tenantID, realmID: path.realmID))
    }

    /// ``realm(_:)`` as the console's application pages call it, until they take a ``RealmPath``.
    package func realm(_ tenantID: String, _ realmID: String) async throws -> Realm {
        try admin.require(.read, toDo: "read realms")
        return try await realm(RealmPath(tenantID: tenantID, realmID: realmID))
    }

    package func realms(_ tenantID: String, _ page: PageRequest) async throws -> AdminPage<Realm> {
        try admin.require(.read, toDo: "list realms")
        _ = try await tenantRecord(tenantID)
        let records = try await store.listRealms(tenantID: tenantID, page)
        return AdminPage(
            items: try records.items.map { try AdminViews.realm($0, issuer: baseURL.issuer(tenantID: tenantID, realmID: $0.id)) },
            nextCursor: records.nextCursor)
    }

    package func updateRealm(_ path: RealmPath, _ input: RealmInput) async throws -> Realm {
        try admin.require(.configure, toDo: "change realms")
        var record = try await realmRecord(path)
        record.displayName = try InputRules.optionalName(input.displayName, field: "display_name") ?? record.displayName
        if input.registrationRedirectURI != nil {
            record.registrationRedirectURI = try InputRules.redirectTarget(
                input.registrationRedirectURI, field: "registration_redirect_uri")
        }
        try Self.apply(input.theme, to: &record.theme)
        if let enrollment = input.scimEnrollment { record.scimEnrollment = try InputRules.oneOf(enrollment, field: "scim_enrollment") }
        try PasskeyPolicyRules.apply(input.passkeyPolicy, to: &record.passkeyPolicy, host: baseURL.host)
        record.accountPage = input.accountPage ?? record.accountPage
        record.updatedAt = now()
        let updated = try event("admin.realm.updated", tenantID: path.tenantID, realmID: path.realmID, subjectID: path.realmID)
        try await write { try await store.updateRealm(record, audit: updated) }
        return try AdminViews.realm(record, issuer: baseURL.issuer(tenantID: path.tenantID, realmID: path.realmID))
    }

    /// Sets the theme URLs `input` names (an empty one clears its field): absolute web URLs.
    private static func apply(_ input: RealmTheme?, to theme: inout RealmRecord.Theme) throws {
        guard let input else { return }
        func url(_ value: String?, field: String, _ current: String?) throws -> String? {
            guard let value else { return current }
            return value.isEmpty ? nil : try InputRules.webURL(value, field: "theme.\(field)")
        }
        theme.logoLightURL = try url(input.logoLightURL, field: "logo_light_url", theme.logoLightURL)
        theme.logoDarkURL = try url(input.logoDarkURL, field: "logo_dark_url", theme.logoDarkURL)
        theme.supportURL = try url(input.supportURL, field: "support_url", theme.supportURL)
    }

    package func deleteRealm(_ path: RealmPath) async throws {
        try admin.require(.configure, toDo: "delete realms")
        _ = try await realmRecord(path)
        let deleted = try event("admin.realm.deleted", tenantID: path.tenantID, realmID: path.realmID, subjectID: path.realmID)
        try await write { try await store.deleteRealm(id: path.realmID, audit: deleted) }
        await keyring.forget(realmID: path.realmID)
    }

    // MARK: Audit

    /// All events, or those of the token's tenant, oldest first.
    package func auditEvents(_ page: PageRequest) async throws -> AdminPage<AuditEvent> {
        try admin.require(.readAudit, toDo: "read the audit log")
        let events = try await store.listAuditEvents(AuditEventFilter(tenantID: admin.tenantID), order: .oldestFirst, page)
        return AdminViews.page(events, AdminViews.auditEvent)
    }
}
