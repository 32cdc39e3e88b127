public import Foundation
import SQLKit

/// Tenants, realms, applications, identities, credentials and binding jobs.
extension SQLIdentityStore {
    public func createTenant(_ tenant: TenantRecord, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in try await self.insert(tenant, on: db) }
    }
    public func tenant(id: String) async throws -> TenantRecord? { try await fetch(TenantRecord.self, where: "id", equals: id) }
    public func listTenants(_ page: PageRequest) async throws -> Page<TenantRecord> {
        try await list(TenantRecord.self, page)
    }
    public func updateTenant(_ tenant: TenantRecord, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in try await self.replace(tenant, on: db) }
    }
    public func deleteTenant(id: String, audit event: AuditEventRecord?) async throws -> [String] {
        let realmIDs = try await audited(event) { db in
            // The realms first, to learn which went (the tenant's deletion cascades to them too).
            let realms = try await db.raw("DELETE FROM realms WHERE tenant_id = \(bind: id) RETURNING id").all().map { try $0.string("id") }
            try await self.delete(from: TenantRecord.table, id: id, on: db)
            return realms
        }
        await announce(.everything)
        return realmIDs
    }

    public func createRealm(_ realm: RealmRecord, signingKey: SigningKeyRecord?, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in
            try await self.requireSealingKey(on: db)
            try await self.insert(realm, on: db)
            if let signingKey { try await self.insert(signingKey, on: db) }
        }
    }
    public func realm(id: String) async throws -> RealmRecord? {
        if let cached = directory.realm(id: id) { return cached }
        return try await fetchKeeping(RealmRecord.self, where: "id", equals: id, keep: directory.keep)
    }
    public func listRealms(tenantID: String, _ page: PageRequest) async throws -> Page<RealmRecord> {
        try await list(RealmRecord.self, where: "tenant_id", equals: tenantID, page)
    }
    public func updateRealm(_ realm: RealmRecord, audit event: AuditEventRecord?) async throws {
        // Never the CA key or its certificate: the key is sealed, and a record read before a
        // master-key rotation would put it back sealed under the old key.
        try await audited(event) { db in
            try await self.replace(realm, keeping: ["sealed_ca_private_key", "ca_certificate_der"], on: db)
        }
        await announce(.realm(realm.id))
    }
    public func deleteRealm(id: String, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in try await self.delete(from: RealmRecord.table, id: id, on: db) }
        await announce(.everything)
    }

    public func createApplication(_ application: ApplicationRecord, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in try await self.insert(application, on: db) }
    }
    public func application(id: String) async throws -> ApplicationRecord? {
        if let cached = directory.application(id: id) { return cached }
        return try await fetchKeeping(ApplicationRecord.self, where: "id", equals: id, keep: directory.keep)
    }
    public func application(clientID: String) async throws -> ApplicationRecord? {
        if let cached = directory.application(clientID: clientID) { return cached }
        return try await fetchKeeping(ApplicationRecord.self, where: "client_id", equals: clientID, keep: directory.keep)
    }
    public func listApplications(realmID: String, _ page: PageRequest) async throws -> Page<ApplicationRecord> {
        try await list(ApplicationRecord.self, where: "realm_id", equals: realmID, page)
    }
    public func realmAllowsOrigin(_ origin: String, realmID: String) async throws -> Bool {
        try await realmHasApplication(listing: origin, in: "allowed_origins", realmID: realmID)
    }
    public func realmOffers(_ method: ApplicationRecord.SignInMethod, realmID: String) async throws -> Bool {
        try await realmHasApplication(listing: method.rawValue, in: "sign_in_methods", realmID: realmID)
    }
    /// Whether an application of the realm has `value` in its JSON list `column`: an exact
    /// match on an element, by the engine's JSON functions.
    private func realmHasApplication(listing value: String, in column: String, realmID: String) async throws -> Bool {
        let lists: SQLQueryString = engine.kind == .postgres
            ? "\(unsafeRaw: column)::jsonb ? \(bind: value)"
            : "EXISTS (SELECT 1 FROM json_each(\(unsafeRaw: column)) WHERE value = \(bind: value))"
        return try await engine.run { db in
            try await db.raw("SELECT 1 FROM applications WHERE realm_id = \(bind: realmID) AND \(lists) LIMIT 1").first() != nil
        }
    }
    public func updateApplication(_ application: ApplicationRecord, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in
            try await self.replace(
                application, keeping: ["client_secret_hash", "previous_client_secret_hash", "previous_client_secret_expires_at"], on: db)
        }
        await announce(.application(application.id))
    }
    public func rotateClientSecret(of application: ApplicationRecord, replacing current: Data, audit event: AuditEventRecord) async throws {
        try await engine.transaction { db in
            let changed = try await db.raw("""
                UPDATE applications SET client_secret_hash = \(bind: application.clientSecretHash),
                previous_client_secret_hash = \(bind: application.previousClientSecretHash),
                previous_client_secret_expires_at = \(bind: application.previousClientSecretExpiresAt?.milliseconds),
                updated_at = \(bind: application.updatedAt.milliseconds)
                WHERE id = \(bind: application.id) AND client_secret_hash = \(bind: current) RETURNING id
                """).all().count
            guard changed == 1 else { throw StorageError.notFound.with(detail: "application \(application.id) with that secret") }
            try await self.insert(event, on: db)
        }
        await announce(.application(application.id))
    }
    public func deleteApplication(id: String, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in try await self.delete(from: ApplicationRecord.table, id: id, on: db) }
        await announce(.application(id))
    }

    public func createIdentity(_ identity: IdentityRecord, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in try await self.insert(identity, on: db) }
    }
    public func identity(id: String) async throws -> IdentityRecord? { try await fetch(IdentityRecord.self, where: "id", equals: id) }
    public func listIdentities(realmID: String, _ page: PageRequest) async throws -> Page<IdentityRecord> {
        try await list(IdentityRecord.self, where: "realm_id", equals: realmID, page)
    }
    public func updateIdentity(_ identity: IdentityRecord, revokingCredentialsAt revocation: Date?, audit event: AuditEventRecord?) async throws {
        try await audited(event) { db in
            try await self.replace(identity, on: db)
            if let revocation { _ = try await self.revokeActiveCredentials(ofIdentity: identity.id, at: revocation, on: db) }
        }
    }

    /// Revokes every active credential of the identity at `date`, in `db`'s transaction; returns
    /// their ids, sorted.
    func revokeActiveCredentials(ofIdentity identityID: String, at date: Date, on db: any SQLDatabase) async throws -> [String] {
        try await db.raw("""
            UPDATE credentials SET state = \(bind: CredentialRecord.State.revoked.rawValue), revoked_at = \(bind: date.milliseconds)
            WHERE identity_id = \(bind: identityID) AND state = \(bind: CredentialRecord.State.active.rawValue)
            RETURNING id
            """).all().map { try $0.string("id") }.sorted()
    }

    public func credential(id: String) async throws -> CredentialRecord? {
        try await fetch(CredentialRecord.self, where: "id", equals: id)
    }
    public func credentialStandings(ids: [String]) async throws -> [String: CredentialStanding] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await engine.run { db in
            try await db.raw("""
                SELECT c.id, c.state, i.status FROM credentials c JOIN identities i ON i.id = c.identity_id
                WHERE c.id IN (\(binds: ids))
                """).all()
        }
        var standings: [String: CredentialStanding] = [:]
        for row in rows {
            standings[try row.string("id")] = CredentialStanding(
                credentialState: try row.value("state"), identityStatus: try row.value("status"))
        }
        return standings
    }
    public func credentialWithIdentityStatus(
        id: String
    ) async throws -> (credential: CredentialRecord, identityStatus: IdentityRecord.Status)? {
        let row = try await engine.run { db in
            try await db.raw("""
                SELECT c.*, i.status AS identity_status FROM credentials c JOIN identities i ON i.id = c.identity_id
                WHERE c.id = \(bind: id)
                """).first()
        }
        return try row.map { (try CredentialRecord(row: $0), try $0.value("identity_status")) }
    }
    public func listCredentials(identityID: String, _ page: PageRequest) async throws -> Page<CredentialRecord> {
        try await list(CredentialRecord.self, where: "identity_id", equals: identityID, page)
    }
    public func activeCredentials(identityID: String, limit: Int) async throws -> [CredentialRecord] {
        let active = CredentialRecord.State.active.rawValue
        return try await engine.run { db in
            try await db.raw("""
                SELECT * FROM credentials WHERE identity_id = \(bind: identityID) AND state = \(bind: active)
                ORDER BY created_at DESC, id DESC LIMIT \(bind: limit)
                """).all().map(CredentialRecord.init(row:))
        }
    }

    public func revokeCredential(id: String, at date: Date, audit event: AuditEventRecord?) async throws -> CredentialRecord {
        try await engine.transaction { db in
            // Only a revocation that changes the state is audited; a second one returns the row as it is.
            if let revoked = try await db.raw("""
                UPDATE credentials SET state = \(bind: CredentialRecord.State.revoked.rawValue), revoked_at = \(bind: date.milliseconds)
                WHERE id = \(bind: id) AND state = \(bind: CredentialRecord.State.active.rawValue) RETURNING *
                """).first() {
                if let event { try await self.insert(event, on: db) }
                return try CredentialRecord(row: revoked)
            }
            guard let row = try await db.raw("SELECT * FROM credentials WHERE id = \(bind: id)").first() else {
                throw StorageError.notFound.with(detail: "credential \(id)")
            }
            return try CredentialRecord(row: row)
        }
    }

    public func renameCredential(id: String, to name: String, audit event: AuditEventRecord) async throws -> Bool {
        try await engine.transaction { db in
            let active = CredentialRecord.State.active.rawValue
            let renamed = try await db.raw(
                "UPDATE credentials SET device_name = \(bind: name) WHERE id = \(bind: id) AND state = \(bind: active) RETURNING id"
            ).first()
            guard renamed != nil else { return false }
            try await self.insert(event, on: db)
            return true
        }
    }

    public func bindingJob(id: String) async throws -> BindingJobRecord? {
        try await fetch(BindingJobRecord.self, where: "id", equals: id)
    }
    public func revokeBindingJob(id: String, at now: Date, audit event: AuditEventRecord) async throws -> Bool {
        try await engine.transaction { db in
            let revoked = try await db.raw("""
                UPDATE binding_jobs SET status = \(bind: BindingJobRecord.Status.revoked.rawValue), completed_at = \(bind: now.milliseconds)
                WHERE id = \(bind: id) AND status = \(bind: BindingJobRecord.Status.pending.rawValue) RETURNING id
                """).all().count == 1
            if revoked { try await self.insert(event, on: db) }
            return revoked
        }
    }
    public func bindingJob(tokenHash: Data) async throws -> BindingJobRecord? {
        try await fetch(BindingJobRecord.self, where: "token_hash", equals: tokenHash)
    }
    public func listBindingJobs(identityID: String, _ page: PageRequest) async throws -> Page<BindingJobRecord> {
        try await list(BindingJobRecord.self, where: "identity_id", equals: identityID, page)
    }

    /// Reads a record from storage and hands it to the directory cache with the generation
    /// its read began in.
    private func fetchKeeping<R: SQLRecord>(
        _: R.Type, where column: String, equals value: String, keep: (R, UInt64) -> Void, operation: String = #function
    ) async throws -> R? {
        let generation = directory.generation
        let record = try await fetch(R.self, where: column, equals: value, operation: operation)
        if let record { keep(record, generation) }
        return record
    }

    /// Serialises the transactions of `db` that lock realm `id` (PostgreSQL: its row, until the
    /// transaction ends). SQLite's writers are serialised already (`BEGIN IMMEDIATE`).
    func lockRealm(_ id: String, on db: any SQLDatabase) async throws {
        guard engine.kind == .postgres else { return }
        try await db.raw("SELECT id FROM realms WHERE id = \(bind: id) FOR UPDATE").run()
    }

    /// Drops a committed change from this instance's directory cache and tells the other
    /// instances (PostgreSQL). A notification that cannot be sent is not the change's failure:
    /// the others' entries lapse within ``DirectoryCache/lifetime``.
    func announce(_ change: DirectoryCache.Change) async {
        directory.drop(change)
        guard engine.kind == .postgres else { return }
        try? await engine.run { db in try await self.engine.notify(DirectoryCache.channel, payload: change.payload, on: db) }
    }
}
