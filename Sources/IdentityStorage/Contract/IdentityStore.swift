public import Foundation

/// The one storage contract of the identity server. Two engines implement it
/// (``SQLIdentityStore`` over SQLite or PostgreSQL) and one conformance suite tests both.
///
/// Contract, for every engine:
/// - Reads of a missing row return `nil`; updates, deletes and revokes of a missing row throw
///   ``StorageError/notFound``; inserts that break a unique key throw ``StorageError/alreadyExists``.
/// - Every method is one transaction: it happens whole or not at all.
/// - Lists are ordered by `id` ascending (audit events by `occurredAt`, then `id`) and paged by cursor.
/// - Deleting a tenant, realm or application deletes what hangs under it.
public protocol IdentityStore: SCIMUserStore, IdentityGroupStore {
    /// Applies pending versioned migrations, each in its own transaction. Idempotent.
    func migrate() async throws
    /// Closes connections.
    func shutdown() async throws

    // Every change an administrator makes takes the audit event that records it, written in
    // the same transaction (`nil` for none: tests and tools).

    // MARK: Tenants
    func createTenant(_ tenant: TenantRecord, audit event: AuditEventRecord?) async throws
    func tenant(id: String) async throws -> TenantRecord?
    func listTenants(_ page: PageRequest) async throws -> Page<TenantRecord>
    func updateTenant(_ tenant: TenantRecord, audit event: AuditEventRecord?) async throws
    /// Deletes the tenant and everything under it; returns the ids of the realms that went.
    @discardableResult
    func deleteTenant(id: String, audit event: AuditEventRecord?) async throws -> [String]

    // MARK: Realms
    /// Creates the realm and, in the same transaction, its first token-signing key.
    func createRealm(_ realm: RealmRecord, signingKey: SigningKeyRecord?, audit event: AuditEventRecord?) async throws
    func realm(id: String) async throws -> RealmRecord?
    func listRealms(tenantID: String, _ page: PageRequest) async throws -> Page<RealmRecord>
    func updateRealm(_ realm: RealmRecord, audit event: AuditEventRecord?) async throws
    func deleteRealm(id: String, audit event: AuditEventRecord?) async throws

    // MARK: Applications
    /// Throws ``StorageError/alreadyExists`` when the id or the client id is taken.
    func createApplication(_ application: ApplicationRecord, audit event: AuditEventRecord?) async throws
    func application(id: String) async throws -> ApplicationRecord?
    func application(clientID: String) async throws -> ApplicationRecord?
    func listApplications(realmID: String, _ page: PageRequest) async throws -> Page<ApplicationRecord>
    /// Whether an application of the realm lists `origin` among its allowed (CORS) origins.
    func realmAllowsOrigin(_ origin: String, realmID: String) async throws -> Bool
    /// Writes every setting of the application, never its secrets (see ``rotateClientSecret(of:replacing:audit:)``).
    func updateApplication(_ application: ApplicationRecord, audit event: AuditEventRecord?) async throws
    /// Writes `application`'s secret hashes (and `updatedAt`) if its secret hash is still
    /// `current`, and appends `event`, in one transaction; throws ``StorageError/notFound``,
    /// changing nothing, when another rotation came first.
    func rotateClientSecret(of application: ApplicationRecord, replacing current: Data, audit event: AuditEventRecord) async throws
    func deleteApplication(id: String, audit event: AuditEventRecord?) async throws

    // MARK: Identities
    /// Throws ``StorageError/alreadyExists`` when the username is taken in the realm.
    func createIdentity(_ identity: IdentityRecord, audit event: AuditEventRecord?) async throws
    func identity(id: String) async throws -> IdentityRecord?
    func listIdentities(realmID: String, _ page: PageRequest) async throws -> Page<IdentityRecord>
    /// Throws ``StorageError/alreadyExists`` when the new username is taken in the realm.
    /// With `revokingCredentialsAt`, also revokes every active credential of the identity then.
    func updateIdentity(_ identity: IdentityRecord, revokingCredentialsAt: Date?, audit event: AuditEventRecord?) async throws

    // MARK: Credentials
    func credential(id: String) async throws -> CredentialRecord?
    /// The states of the credentials among `ids` that exist, with their identities' statuses,
    /// in one query.
    func credentialStandings(ids: [String]) async throws -> [String: CredentialStanding]
    /// The credential with its identity's status, in one query (what a sign-in checks).
    func credentialWithIdentityStatus(id: String) async throws -> (credential: CredentialRecord, identityStatus: IdentityRecord.Status)?
    func listCredentials(identityID: String, _ page: PageRequest) async throws -> Page<CredentialRecord>
    /// Sets state `revoked` and `revokedAt` and appends `event`, unless the credential is revoked
    /// already (then nothing changes and nothing is appended); returns the row.
    func revokeCredential(id: String, at: Date, audit event: AuditEventRecord?) async throws -> CredentialRecord

    // MARK: Credential binding
    /// Creates the job with its mail, if any (delivery `email`), and `event`, in one transaction;
    /// with a mail, ``StorageError/staleMasterKey`` when the master key was rotated meanwhile
    /// (its message is sealed).
    func createBindingJob(_ job: BindingJobRecord, mailing mail: MailDeliveryRecord?, audit event: AuditEventRecord?) async throws
    func bindingJob(id: String) async throws -> BindingJobRecord?
    /// The job whose token hash matches, in any status.
    func bindingJob(tokenHash: Data) async throws -> BindingJobRecord?
    func listBindingJobs(identityID: String, _ page: PageRequest) async throws -> Page<BindingJobRecord>
    /// In one transaction: finds the `pending` job whose token hash matches and whose `expiresAt`
    /// is after `now`; for a recovery that does not keep them, revokes the identity's active
    /// credentials; calls `issue` with the job and the ids it revoked; inserts the credential
    /// and the audit events `issue` returns, and marks the job `complete` (with `completedAt`
    /// and `credentialID`). Throws ``StorageError/notFound`` when no such job exists (unknown,
    /// expired or used token). If `issue` throws, nothing is written and its error propagates.
    /// Two concurrent calls with one token: exactly one succeeds.
    func completeBinding(
        tokenHash: Data, now: Date,
        audited issue: @escaping @Sendable (BindingJobRecord, [String]) async throws -> (CredentialRecord, [AuditEventRecord])
    ) async throws -> (job: BindingJobRecord, credential: CredentialRecord)

    // MARK: Authentication
    /// In one transaction: inserts `code` and sets its credential's `lastUsedAt` to `now`;
    /// `audit`, when given, is appended too. Throws ``StorageError/alreadyExists`` (writing
    /// nothing) when a code was issued for the same `code.transactionHash` before: the sign-in
    /// transaction was completed already.
    func completeAuthentication(now: Date, code: AuthorizationCodeRecord, audit: AuditEventRecord?) async throws
    /// The code with this hash, used or not, with the standing of the credential that earned it
    /// (`nil` once that credential or its identity is gone) and that credential's certificate
    /// (the key a DPoP proof may be made with), in one query; nothing changes.
    func authorizationCodeWithStanding(
        hash: Data
    ) async throws -> (code: AuthorizationCodeRecord, standing: CredentialStanding?, certificateDER: Data?)?
    /// In one transaction: marks an unused code used, with the session it opens, and records
    /// what it earned (that session, refresh token, access tokens), so a replay seen afterwards
    /// finds them to revoke. One call
    /// per code can return `.redeemed`; the others record nothing.
    func redeemAuthorizationCode(hash: Data, now: Date, issuing issuance: TokenIssuance) async throws -> CodeRedemption
    /// Records access tokens issued without a code or a session (client credentials), with
    /// their audit events, in one transaction.
    func recordIssuance(_ issuance: TokenIssuance) async throws
    /// The issued token `jti` with its session's standing and the identity `subject` (the
    /// token's `sub`), in one query: what a resource request checks.
    func issuedTokenStanding(jti: String, subject: String) async throws -> IssuedTokenStanding?
    /// Revokes one issued token; `false` when there is none with that id or it was revoked already.
    @discardableResult
    func revokeIssuedToken(jti: String, at: Date) async throws -> Bool
    /// Revokes the session the code's redemption opened (``AuthorizationCodeRecord/sessionID``)
    /// and every access token issued in it; returns how many access tokens were revoked now.
    @discardableResult
    func revokeTokens(issuedFromCode codeHash: Data, at: Date) async throws -> Int

    // MARK: Cross-device sign-in
    func createCrossDeviceSignIn(_ signIn: CrossDeviceSignInRecord) async throws
    func crossDeviceSignIn(id: String) async throws -> CrossDeviceSignInRecord?
    func crossDeviceSignIn(requestHash: Data) async throws -> CrossDeviceSignInRecord?
    /// Approves or declines a sign-in in state `current` (a pending one only before it lapses
    /// at `now`), appending `audit` and waking its waiters, in one transaction; returns it
    /// decided. Throws ``StorageError/notFound`` (changing nothing) when it is not in that state
    /// or has lapsed: of two concurrent decisions, one wins.
    func decideCrossDeviceSignIn(
        id: String, _ decision: CrossDeviceSignInRecord.Decision, from current: CrossDeviceSignInRecord.State, at now: Date,
        audit: AuditEventRecord
    ) async throws -> CrossDeviceSignInRecord
    /// In one transaction: marks a sign-in approved after `approvedSince` completed and does
    /// what ``completeAuthentication(now:code:audit:)`` does. Throws ``StorageError/notFound``
    /// (writing nothing) unless it was so approved and not completed yet.
    func completeCrossDeviceSignIn(
        id: String, approvedSince: Date, now: Date, code: AuthorizationCodeRecord, audit: AuditEventRecord
    ) async throws
    /// Marks every pending sign-in that lapsed by `now` expired, each with the event `audit`
    /// makes, in one transaction; returns how many.
    func expireCrossDeviceSignIns(
        now: Date, audit: @escaping @Sendable (CrossDeviceSignInRecord) throws -> AuditEventRecord
    ) async throws -> Int

    // MARK: Email one-time codes
    func createEmailCodeChallenge(_ challenge: EmailCodeChallengeRecord) async throws
    func emailCodeChallenge(id: String) async throws -> EmailCodeChallengeRecord?
    /// The realm's one identity with this email address, ignoring case (on SQLite, of ASCII
    /// letters); `nil` when none or several have it.
    func identity(realmID: String, email: String) async throws -> IdentityRecord?
    /// Spends one wrong attempt of a live challenge (not redeemed, attempts left, not expired at
    /// `now`); returns it afterwards, or `nil` (changing nothing) when it was not live.
    func spendEmailCodeAttempt(id: String, now: Date) async throws -> EmailCodeChallengeRecord?
    /// In one transaction: marks an unredeemed, unexpired challenge redeemed (its attempt was
    /// spent before the code was compared), does what
    /// ``completeAuthentication(now:code:audit:)`` does (without its audit), inserts
    /// `bindingJob` if given and appends `audit`. Throws ``StorageError/notFound`` (writing
    /// nothing) unless it was live; ``StorageError/alreadyExists`` when the sign-in earned a code already.
    func redeemEmailCodeChallenge(
        id: String, now: Date, code: AuthorizationCodeRecord, bindingJob: BindingJobRecord?, audit: [AuditEventRecord]
    ) async throws

    // MARK: Sessions and refresh tokens
    /// The session with this id, ended or not.
    func session(id: String) async throws -> SessionRecord?
    /// The identity's sessions, ended or not, until housekeeping removes them.
    func listSessions(identityID: String, _ page: PageRequest) async throws -> Page<SessionRecord>
    /// Ends a session and revokes its access tokens, appending `event` when it did, in one
    /// transaction; `false` (and nothing appended) when there is no such session or it had ended
    /// already.
    @discardableResult
    func revokeSession(id: String, at: Date, audit event: AuditEventRecord?) async throws -> Bool
    /// The refresh token with this hash, used or not, and its session, ended or not.
    func refreshToken(hash: Data) async throws -> (token: RefreshTokenRecord, session: SessionRecord)?
    /// In one transaction: marks the unused refresh token used if its session has not ended, and
    /// records its successor and the access token in `issuance`. One call per token can
    /// return `.rotated`; the others write nothing.
    func rotateRefreshToken(hash: Data, now: Date, issuing issuance: TokenIssuance) async throws -> RefreshRotation

    // MARK: Credential extension
    /// Throws ``StorageError/alreadyExists`` when the code hash is taken (draw another code).
    func createExtensionSession(_ session: ExtensionSessionRecord) async throws
    func extensionSession(id: String) async throws -> ExtensionSessionRecord?
    /// The credential's sessions that are open or claimed.
    func liveExtensionSessions(credentialID: String) async throws -> [ExtensionSessionRecord]
    /// The session whose current code hash matches, in any state.
    func extensionSession(codeHash: Data) async throws -> ExtensionSessionRecord?
    /// Replaces the session if its stored version is still `expectedVersion`, and inserts
    /// `credential` in the same transaction. Throws ``StorageError/notFound`` (writing nothing)
    /// when the session is missing or another writer moved its version first;
    /// ``StorageError/alreadyExists`` when the new code hash is taken.
    func updateExtensionSession(
        _ session: ExtensionSessionRecord, expectedVersion: Int64, inserting credential: CredentialRecord?
    ) async throws
    /// Records that the holder is still there, without changing the version.
    func touchExtensionSession(id: String, at: Date) async throws
    /// The ids of sessions that any server sharing this database updates, as the updates
    /// commit, from when this returns (PostgreSQL `LISTEN`/`NOTIFY`). Best effort: ids may be
    /// lost while the listening connection reconnects. SQLite: an empty stream, as one server
    /// uses a file.
    func extensionSessionChanges() async -> AsyncStream<String>

    // MARK: Signed requests
    /// Records that the credential's request `requestID` was accepted, until `expiresAt`;
    /// `false` when it already was (a replay), across instances.
    func useSignedRequest(credentialID: String, requestID: String, expiresAt: Date) async throws -> Bool
    /// Records that the DPoP proof `jti` of the key with `keyThumbprint` was accepted, until
    /// `expiresAt`, unless it already was (a replay, RFC 9449 §11.1), across instances. With
    /// `attempt`, the attempt is counted first, as ``recordAttempt(_:)`` counts it, in the same
    /// call, and a refused attempt spends no proof.
    func useDPoPProof(keyThumbprint: String, jti: String, expiresAt: Date, counting attempt: AttemptCount?) async throws -> DPoPProofUse

    // MARK: Rate limits
    /// Counts `attempt` in each of its buckets, in order and in one call, stopping at the
    /// first bucket whose count, this attempt included, exceeds its limit: that bucket, or `nil`
    /// when every limit held. A bucket after a refusal is not counted.
    func recordAttempt(_ attempt: AttemptCount) async throws -> AttemptBucket?

    // MARK: Keys and admin tokens
    func createSigningKey(_ key: SigningKeyRecord) async throws
    /// The realm's keys, newest first.
    func signingKeys(realmID: String) async throws -> [SigningKeyRecord]
    /// Realms without an unretired ES256 key (created before keys came with their realm).
    func realmIDsWithoutSigningKey() async throws -> [String]
    /// Adds `key` (a rotation's successor, usually activating later) and retires, as of its
    /// activation, every other key of its realm and algorithm that would still sign then; in
    /// one transaction.
    func rotateSigningKey(to key: SigningKeyRecord) async throws
    /// The realms and algorithms whose newest key activated before `cutoff` (due for rotation).
    func signingKeysDue(activatedBefore cutoff: Date) async throws -> [(realmID: String, algorithm: SigningAlgorithm)]
    /// Creates the token and appends `event`, in one transaction.
    func createAdminToken(_ token: AdminTokenRecord, audit event: AuditEventRecord) async throws
    func adminToken(hash: Data) async throws -> AdminTokenRecord?
    func adminToken(id: String) async throws -> AdminTokenRecord?
    /// Admin tokens by id, revoked and expired ones included.
    func listAdminTokens(_ page: PageRequest) async throws -> Page<AdminTokenRecord>
    /// Every admin token ever created, revoked and expired ones included.
    func adminTokenCount() async throws -> Int
    /// Revokes the unrevoked token `id` and appends `event`, unless it is the last unscoped
    /// token active at `at` (checked and written in one transaction, serialized with other
    /// revocations). Throws ``StorageError/notFound`` for an unknown or already revoked token.
    func revokeAdminToken(id: String, at: Date, audit event: AuditEventRecord) async throws -> AdminTokenRevocation

    // MARK: Console sessions
    func createConsoleSession(_ session: ConsoleSessionRecord) async throws
    /// The session whose cookie secret has this hash, ended or not (the caller checks its times).
    func consoleSession(secretHash: Data) async throws -> ConsoleSessionRecord?
    /// Records a request in the session (its idle timeout starts again).
    func touchConsoleSession(id: String, at: Date) async throws
    /// Ends the session; nothing happens when there is none.
    func deleteConsoleSession(id: String) async throws
    /// Records that the session's form `formID` was sent, until `expiresAt`; `false` when it
    /// already was (a resubmission), across instances.
    func useConsoleForm(sessionID: String, formID: String, expiresAt: Date) async throws -> Bool

    // MARK: Master key
    /// The check value of the master key the database's secrets are sealed under, if recorded.
    func masterKeyCheck() async throws -> Data?
    /// Records `check` unless a check value is recorded already; returns the recorded value
    /// (`check`, or the one another server recorded first).
    func recordMasterKeyCheck(_ check: Data, at: Date) async throws -> Data
    /// The secrets sealed under the master key, up to `limit` of them (all of them with `nil`).
    func sealedSecrets(limit: Int?) async throws -> [SealedSecret]
    /// In one transaction, with writers of secrets held off: re-seals every secret with
    /// `reseal` and replaces the check value `current` with `new`. Throws
    /// ``StorageError/notFound`` (and changes nothing) unless `current` is the recorded value.
    /// Returns how many secrets were re-sealed.
    func resealSecrets(
        replacingCheck current: Data, with new: Data, at: Date, _ reseal: @escaping @Sendable (SealedSecret) throws -> Data
    ) async throws -> Int

    /// Throws ``StorageError/unavailable`` unless the database answers now.
    func ping() async throws
    /// Throws ``StorageError/unavailable`` unless the database takes writes (not a read-only
    /// file, mount or replica): a server must not start healthy but unable to sign anyone in.
    func checkWritable() async throws

    // MARK: Audit and housekeeping
    func appendAuditEvent(_ event: AuditEventRecord) async throws
    /// Appends `event`, or, when an event with its id is there already (the same refusal
    /// repeated within its window: the caller derives the id from both), counts one more
    /// occurrence on it.
    func recordRepeatedEvent(_ event: AuditEventRecord) async throws
    /// The events that match `filter`, in `order` (by `occurredAt`, then `id`); the cursor is
    /// `milliseconds:id` of the last item, and the next page holds the events past it in that
    /// order (a cursor of another form reads as past the end).
    func listAuditEvents(_ filter: AuditEventFilter, order: AuditEventOrder, _ page: PageRequest) async throws -> Page<AuditEventRecord>
    /// Deletes up to `limit` rows of each kind — transactions, codes, issued-token rows, sessions
    /// (with their refresh tokens), extension sessions, rate-limit windows, used signed-request
    /// ids, DPoP proof ids, console sessions and their sent forms, cross-device sign-ins, email code challenges — that expired before `cutoff`, a short statement per kind; returns the count. Call
    /// again until it returns 0.
    func deleteExpired(before cutoff: Date, limit: Int) async throws -> Int
    /// Deletes up to `limit` audit events that occurred before `cutoff`; returns the count.
    func deleteAuditEvents(before cutoff: Date, limit: Int) async throws -> Int

    // MARK: Console
    /// The event with this id.
    func auditEvent(id: String) async throws -> AuditEventRecord?
    /// The realm's identities whose username or email contains `text` (its `%` and `_` taken
    /// literally), ignoring case (on SQLite, the case of ASCII letters only), by id.
    func searchIdentities(realmID: String, matching text: String, _ page: PageRequest) async throws -> Page<IdentityRecord>
    /// The sign-ins (`authentication.succeeded` and `authentication.refused` events) of one
    /// tenant or all of them, at `since` or later, counted by hour, outcome and, for
    /// refusals, reason; ordered by hour, successes first, then by reason.
    func signInActivity(tenantID: String?, since: Date) async throws -> [SignInActivityBucket]
    /// The realms of one tenant or all of them, by id, with their counts of active
    /// identities and active credentials, in one query.
    func realmPopulation(tenantID: String?) async throws -> [RealmPopulation]

    // MARK: Provisioning tokens

    /// Throws ``StorageError/alreadyExists`` for a hash already stored, ``StorageError/notFound``
    /// when the realm is missing.
    func createProvisioningToken(_ token: ProvisioningTokenRecord, audit event: AuditEventRecord?) async throws
    func provisioningToken(hash: Data) async throws -> ProvisioningTokenRecord?
    func provisioningToken(id: String) async throws -> ProvisioningTokenRecord?
    /// The realm's tokens, revoked and expired ones included, by id.
    func listProvisioningTokens(realmID: String, _ page: PageRequest) async throws -> Page<ProvisioningTokenRecord>
    /// Revokes the token at `now`; ``StorageError/notFound`` when it is missing or already revoked.
    func revokeProvisioningToken(id: String, at now: Date, audit event: AuditEventRecord?) async throws -> ProvisioningTokenRecord

    // MARK: Webhooks
    // The webhook queue is filled by the database: every audit event of a type that maps to a webhook
    // event type becomes, in the transaction that writes it, one pending delivery per enabled
    // endpoint of its tenant subscribed to that type.

    /// Throws ``StorageError/notFound`` when the tenant is missing; like every write of a sealed
    /// secret, ``StorageError/staleMasterKey`` when the master key was rotated meanwhile.
    func createWebhookEndpoint(_ endpoint: WebhookEndpointRecord, audit event: AuditEventRecord?) async throws
    func webhookEndpoint(id: String) async throws -> WebhookEndpointRecord?
    func listWebhookEndpoints(tenantID: String, _ page: PageRequest) async throws -> Page<WebhookEndpointRecord>
    /// Overwrites the endpoint (all but its id, tenant and creation time).
    func updateWebhookEndpoint(_ endpoint: WebhookEndpointRecord, audit event: AuditEventRecord?) async throws
    /// Deletes the endpoint with its deliveries and their attempts.
    func deleteWebhookEndpoint(id: String, audit event: AuditEventRecord?) async throws
    /// Queues one delivery written by the server itself (a test event).
    func enqueueWebhookDelivery(_ delivery: WebhookDeliveryRecord) async throws
    /// Leases up to `limit` pending deliveries due at `now` of enabled endpoints to `owner` until
    /// `now + lease`, oldest due first, never so many that an endpoint has more than
    /// `perEndpoint` leased at once. A delivery another instance holds under an unexpired lease
    /// is skipped (PostgreSQL: `FOR UPDATE SKIP LOCKED`); one whose lease expired is taken over.
    func claimWebhookDeliveries(owner: String, now: Date, lease: TimeInterval, limit: Int, perEndpoint: Int) async throws
        -> [WebhookDeliveryRecord]
    /// Records an attempt and, when `owner` still holds the delivery's lease, what it leads to
    /// (the lease ends; ``WebhookAttemptResult/endpointGone(reason:)`` also turns the endpoint
    /// off). Returns whether the delivery changed: `false` when the lease was lost meanwhile
    /// (the attempt is logged all the same).
    @discardableResult
    func recordWebhookAttempt(_ attempt: WebhookAttemptRecord, owner: String, result: WebhookAttemptResult) async throws -> Bool
    func webhookDelivery(id: String) async throws -> WebhookDeliveryRecord?
    /// The endpoint's deliveries, oldest first (ids sort by when their event happened).
    func listWebhookDeliveries(endpointID: String, _ page: PageRequest) async throws -> Page<WebhookDeliveryRecord>
    /// The delivery's attempts, oldest first.
    func webhookAttempts(deliveryID: String) async throws -> [WebhookAttemptRecord]
    /// Makes the delivery pending and due at `now` again, with its attempts counted from zero
    /// (the same message id); ``StorageError/notFound`` when it is missing.
    func replayWebhookDelivery(id: String, at now: Date) async throws -> WebhookDeliveryRecord
    /// How many deliveries are pending and since when the oldest one waits.
    func webhookQueueStatus() async throws -> WebhookQueueStatus
    /// Deletes up to `limit` deliveries (with their attempts) delivered or given up before
    /// `cutoff`; returns the count. Call again until it returns 0.
    func deleteCompletedWebhookDeliveries(before cutoff: Date, limit: Int) async throws -> Int

    // MARK: Mail queue
    // A binding job with delivery `email` is written with its mail (``createBindingJob(_:mailing:audit:)``);
    // the row goes when the job does.

    /// Leases up to `limit` pending mails due at `now` to `owner` until `now + lease`, oldest due
    /// first; one another instance holds under an unexpired lease is skipped, one whose lease
    /// expired is taken over.
    func claimMailDeliveries(owner: String, now: Date, lease: TimeInterval, limit: Int) async throws -> [MailDeliveryRecord]
    /// Records an attempt at `date` (its `error`, if it failed) and what it leads to, and appends
    /// `event`, in one transaction, when `owner` still holds the mail's lease; a delivered or
    /// failed mail's message is dropped. Returns whether it changed (`false`: the lease was lost,
    /// nothing is written).
    @discardableResult
    func recordMailAttempt(
        deliveryID: String, owner: String, at date: Date, error: String?, result: MailAttemptResult, audit event: AuditEventRecord?
    ) async throws -> Bool
    /// The mails of these binding jobs (jobs without one are left out).
    func mailDeliveries(bindingJobIDs: [String]) async throws -> [MailDeliveryRecord]
}

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
