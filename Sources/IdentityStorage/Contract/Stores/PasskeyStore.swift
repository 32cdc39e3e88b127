public import Foundation

/// Passkeys: their registration from a binding job, and what signing in with one reads. A part
/// of ``IdentityStore``, whose rules every requirement follows.
public protocol PasskeyStore: Sendable {
    /// As ``CredentialStore/completeBinding(tokenHash:now:audited:)``, for a passkey: `issue`
    /// returns the credential (kind `passkey`) and its ``PasskeyRecord`` too, inserted with it.
    /// ``StorageError/alreadyExists`` when the realm has the WebAuthn credential ID already
    /// (and nothing is written, the job stays pending).
    func completePasskeyBinding(
        tokenHash: Data, now: Date,
        audited issue: @escaping @Sendable (BindingJobRecord, [String]) async throws -> (CredentialRecord, PasskeyRecord, [AuditEventRecord])
    ) async throws -> (job: BindingJobRecord, credential: CredentialRecord)
    func passkey(credentialID: String) async throws -> PasskeyRecord?
    /// Adds a passkey (its credential, kind `passkey`, and its WebAuthn row) to an identity that
    /// signed in, with `event`, in one transaction; ``StorageError/alreadyExists`` (nothing
    /// written) when the realm has its WebAuthn credential ID already.
    func addPasskey(_ credential: CredentialRecord, _ passkey: PasskeyRecord, audit event: AuditEventRecord) async throws
    /// The passkeys among the credentials `credentialIDs` (one page of a listing), in one query.
    func passkeys(credentialIDs: [String]) async throws -> [PasskeyRecord]
    /// The realm's passkey with this WebAuthn credential ID, its credential and its identity's
    /// status, in one query (what a sign-in checks).
    func passkey(
        realmID: String, webAuthnID: Data
    ) async throws -> (credential: CredentialRecord, passkey: PasskeyRecord, identityStatus: IdentityRecord.Status)?
    /// The WebAuthn credential IDs of an identity's active passkeys (at most `limit`), for a
    /// registration to exclude.
    func activePasskeyIDs(identityID: String, limit: Int) async throws -> [Data]
    /// Completes the hosted sign-in `signInID` with the passkey `credentialID`, in one
    /// transaction: moves the passkey's counter from `expectedSignCount` to `signCount` (and
    /// records `backedUp`), completes the sign-in if it is still pending and unexpired at `now`,
    /// and stores the code, `audit` and the credential's last use. ``StorageError/notFound``
    /// when the sign-in is not pending; ``StorageError/alreadyExists`` when the counter moved
    /// meanwhile (another assertion came first) or the transaction has its code already.
    func completePasskeySignIn(
        signInID: String, credentialID: String, expectedSignCount: UInt32, signCount: UInt32, backedUp: Bool, now: Date,
        code: AuthorizationCodeRecord, audit: AuditEventRecord
    ) async throws
}
