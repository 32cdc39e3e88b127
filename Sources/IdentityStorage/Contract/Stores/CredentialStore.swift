public import Foundation

/// Credentials and the binding jobs that issue them. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol CredentialStore: Sendable {
    func credential(id: String) async throws -> CredentialRecord?
    /// The states of the credentials among `ids` that exist, with their identities' statuses,
    /// in one query.
    func credentialStandings(ids: [String]) async throws -> [String: CredentialStanding]
    /// The credential with its identity's status, in one query (what a sign-in checks).
    func credentialWithIdentityStatus(id: String) async throws -> (credential: CredentialRecord, identityStatus: IdentityRecord.Status)?
    func listCredentials(identityID: String, _ page: PageRequest) async throws -> Page<CredentialRecord>
    /// The identity's active credentials, newest first, at most `limit`.
    func activeCredentials(identityID: String, limit: Int) async throws -> [CredentialRecord]
    /// Sets state `revoked` and `revokedAt` and appends `event`, unless the credential is revoked
    /// already (then nothing changes and nothing is appended); returns the row.
    func revokeCredential(id: String, at: Date, audit event: AuditEventRecord?) async throws -> CredentialRecord
    /// Names the active credential `id` (its device or passkey name) and appends `event`;
    /// `false` (nothing written) when there is no such active credential.
    func renameCredential(id: String, to name: String, audit event: AuditEventRecord) async throws -> Bool

    // Credential binding
    /// Creates the job with its mail, if any (delivery `email`), and `event`, in one transaction;
    /// with a mail, ``StorageError/staleMasterKey`` when the master key was rotated meanwhile
    /// (its message is sealed).
    func createBindingJob(_ job: BindingJobRecord, mailing mail: MailDeliveryRecord?, audit event: AuditEventRecord?) async throws
    func bindingJob(id: String) async throws -> BindingJobRecord?
    /// The job whose token hash matches, in any status.
    func bindingJob(tokenHash: Data) async throws -> BindingJobRecord?
    func listBindingJobs(identityID: String, _ page: PageRequest) async throws -> Page<BindingJobRecord>
    /// Ends the job `id` as revoked at `now`, if it is still pending, and appends `event`, in
    /// one transaction; `false` (nothing written) when it was not pending.
    func revokeBindingJob(id: String, at now: Date, audit event: AuditEventRecord) async throws -> Bool
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
}
