public import Foundation

/// People's changes of their own email address (the account page). A part of
/// ``IdentityStore``, whose rules every requirement follows.
public protocol EmailChangeStore: Sendable {
    /// Writes the change and its event; a change of the identity still waiting for its
    /// confirmation is cancelled by it (one link to follow at a time).
    func requestEmailChange(_ change: EmailChangeRecord, at now: Date, audit event: AuditEventRecord) async throws
    /// The change whose confirmation or cancellation link has this hash, whatever its state.
    func emailChange(linkHash: Data) async throws -> EmailChangeRecord?
    /// The identity's newest change waiting for its confirmation at `now`, if any.
    func pendingEmailChange(identityID: String, at now: Date) async throws -> EmailChangeRecord?
    /// Confirms the change and gives its identity the new address, with `event`, in one
    /// transaction. ``StorageError/notFound`` (nothing written) when the change was confirmed
    /// or cancelled, its link expired, the identity's address is no longer the one it replaces,
    /// or SCIM provisions the identity; ``StorageError/alreadyExists`` when another identity of
    /// the realm has the address.
    func confirmEmailChange(id: String, at now: Date, audit event: AuditEventRecord) async throws
    /// Cancels the change while its cancellation link works, with `event`, in one transaction;
    /// when it was confirmed, the identity gets its former address back (if the new one is still
    /// its own) and its account-page sessions end. Returns the change, or `nil` when it was
    /// cancelled already or the link expired.
    func cancelEmailChange(id: String, at now: Date, audit event: AuditEventRecord) async throws -> EmailChangeRecord?
    /// Whether SCIM provisions the identity (its directory owns its address).
    func isProvisioned(identityID: String) async throws -> Bool
}
