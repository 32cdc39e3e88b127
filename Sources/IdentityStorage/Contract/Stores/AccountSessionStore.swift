public import Foundation

/// The account page's sessions. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol AccountSessionStore: Sendable {
    /// Opens a session with the passkey sign-in that proved it: the sign-in's challenge is spent
    /// (kept by its hash until `challengeExpiresAt`), the passkey's counter moves on, its
    /// credential is marked used, the session `replacedID` (the browser's former one) ends, and
    /// the session and the event are written, in one transaction. ``StorageError/alreadyExists``
    /// (nothing written) when the challenge was spent or the counter moved meanwhile.
    func openAccountSession(
        _ session: AccountSessionRecord, passkeyUse: PasskeyUse, challengeHash: Data, challengeExpiresAt: Date, replacing replacedID: String?,
        at now: Date, audit event: AuditEventRecord
    ) async throws
    /// Opens a session with the sign-in of the page's own application that proved it: its
    /// authorization code (hash `codeHash`) is spent, the session `replacedID` ends, and the
    /// session and the event are written, in one transaction. ``StorageError/alreadyExists``
    /// (nothing written) when the code was spent already.
    func openAccountSession(
        _ session: AccountSessionRecord, redeemingCode codeHash: Data, replacing replacedID: String?, at now: Date,
        audit event: AuditEventRecord
    ) async throws
    /// The session whose cookie secret has this hash, ended or not (the caller checks its times).
    func accountSession(secretHash: Data) async throws -> AccountSessionRecord?
    /// Records a request in the session (its idle timeout starts again).
    func touchAccountSession(id: String, at: Date) async throws
    /// Ends the session, writing `event` with it; nothing happens when there is none.
    func deleteAccountSession(id: String, audit event: AuditEventRecord?) async throws
    /// The identity's sessions that have not expired at `now` (by their absolute end), the most
    /// recently used first, at most `limit`.
    func accountSessions(identityID: String, activeAt now: Date, limit: Int) async throws -> [AccountSessionRecord]
    /// Ends every session of the identity but `keptID`; returns how many ended.
    func deleteAccountSessions(identityID: String, except keptID: String) async throws -> Int
}
