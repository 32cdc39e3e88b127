public import Foundation
public import IdentityStorage

/// The store's changes without an audit event, and a few shorthands: what tests write to set a
/// scene up. The server always passes the event (or `nil`) itself.
extension IdentityStore {
    /// Completes a binding without an audit event (tests and tools).
    public func completeBinding(
        tokenHash: Data, now: Date, issue: @escaping @Sendable (BindingJobRecord) async throws -> CredentialRecord
    ) async throws -> (job: BindingJobRecord, credential: CredentialRecord) {
        try await completeBinding(tokenHash: tokenHash, now: now, audited: { job, _ in (try await issue(job), []) })
    }

    /// Completes an authentication without an audit event (tests and tools).
    public func completeAuthentication(now: Date, code: AuthorizationCodeRecord) async throws {
        try await completeAuthentication(now: now, code: code, audit: nil)
    }

    /// The events of one tenant or all of them, oldest first (tests and tools).
    public func listAuditEvents(tenantID: String?, _ page: PageRequest) async throws -> Page<AuditEventRecord> {
        try await listAuditEvents(AuditEventFilter(tenantID: tenantID), order: .oldestFirst, page)
    }

    /// Records one access token.
    public func recordIssuedToken(_ token: IssuedTokenRecord) async throws {
        try await recordIssuance(TokenIssuance(accessTokens: [token]))
    }

    /// Deletes everything that expired before `cutoff`, in batches; returns the count.
    @discardableResult
    public func deleteExpired(before cutoff: Date) async throws -> Int {
        var total = 0
        while case let removed = try await deleteExpired(before: cutoff, limit: 500), removed > 0 { total += removed }
        return total
    }

    /// Creates a realm without a signing key (tests and tools).
    public func createRealm(_ realm: RealmRecord) async throws {
        try await createRealm(realm, signingKey: nil, audit: nil)
    }

    /// The changes without an audit event (tests and tools).
    public func createTenant(_ tenant: TenantRecord) async throws { try await createTenant(tenant, audit: nil) }
    /// See ``createTenant(_:)``.
    public func updateTenant(_ tenant: TenantRecord) async throws { try await updateTenant(tenant, audit: nil) }
    /// See ``createTenant(_:)``.
    public func deleteTenant(id: String) async throws { try await deleteTenant(id: id, audit: nil) }
    /// See ``createTenant(_:)``.
    public func createRealm(_ realm: RealmRecord, signingKey: SigningKeyRecord?) async throws {
        try await createRealm(realm, signingKey: signingKey, audit: nil)
    }
    /// See ``createTenant(_:)``.
    public func updateRealm(_ realm: RealmRecord) async throws { try await updateRealm(realm, audit: nil) }
    /// See ``createTenant(_:)``.
    public func deleteRealm(id: String) async throws { try await deleteRealm(id: id, audit: nil) }
    /// See ``createTenant(_:)``.
    public func createApplication(_ application: ApplicationRecord) async throws { try await createApplication(application, audit: nil) }
    /// See ``createTenant(_:)``.
    public func updateApplication(_ application: ApplicationRecord) async throws { try await updateApplication(application, audit: nil) }
    /// See ``createTenant(_:)``.
    public func deleteApplication(id: String) async throws { try await deleteApplication(id: id, audit: nil) }
    /// See ``createTenant(_:)``.
    public func createIdentity(_ identity: IdentityRecord) async throws { try await createIdentity(identity, audit: nil) }
    /// See ``createTenant(_:)``.
    public func updateIdentity(_ identity: IdentityRecord) async throws {
        try await updateIdentity(identity, revokingCredentialsAt: nil, audit: nil)
    }
    /// See ``createTenant(_:)``.
    public func revokeCredential(id: String, at date: Date) async throws -> CredentialRecord {
        try await revokeCredential(id: id, at: date, audit: nil)
    }
    /// See ``createTenant(_:)``.
    public func createBindingJob(_ job: BindingJobRecord) async throws { try await createBindingJob(job, mailing: nil, audit: nil) }
    /// Creates a job without a mail (delivery `return`, tests and tools).
    public func createBindingJob(_ job: BindingJobRecord, audit event: AuditEventRecord?) async throws {
        try await createBindingJob(job, mailing: nil, audit: event)
    }
    /// Ends a session without an event (its callers audit what they need themselves).
    @discardableResult
    public func revokeSession(id: String, at date: Date) async throws -> Bool { try await revokeSession(id: id, at: date, audit: nil) }

    /// Marks an unused code used, recording nothing.
    public func redeemAuthorizationCode(hash: Data, now: Date) async throws -> CodeRedemption {
        try await redeemAuthorizationCode(hash: hash, now: now, issuing: TokenIssuance())
    }
}
