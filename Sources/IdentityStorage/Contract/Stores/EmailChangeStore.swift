public import Foundation

/// People's changes of their own email address (the account page). A part of
/// ``IdentityStore``, whose rules every requirement follows.
public protocol EmailChangeStore: Sendable {
    /// Writes the change and its event; a change of the identity still waiting for its
    /// confirmation is cancelled by it (one link to follow at a time).
    func requestEmailChange(_ change: EmailChangeRecord, at now: Date, audit event: AuditEventRecord) async throws
    /// The change whose confirmation link has this hash, whatever its state.
    func emailChange(confirmHash: Data) async throws -> EmailChangeRecord?
    /// The change whose cancellation link has this hash, whatever its state.
    func emailChange(cancelHash: Data) async throws -> EmailChangeRecord?
    /// The identity's newest change waiting for its confirmation at `now`, if any.
    func pendingEmailChange(identityID: String, at now: Date) async throws -> EmailChangeRecord?
    /// Confirms the change and gives its identity the new address, with `event`, in one
    /// transaction (confirmations in one realm are serialised). ``StorageError/notFound`` (nothing written) when the change was confirmed
    /// or cancelled, its link expired, the identity's address is no longer the one it replaces,
    /// or SCIM provisions the identity; ``StorageError/alreadyExists`` when another identity of
    /// the realm has the address.
    func confirmEmailChange(id: String, at now: Date, audit event: AuditEventRecord) async throws
    /// Cancels the change while its cancellation link works, in one transaction: the identity's
    /// account-page sessions end (whoever asked may hold one); when it was confirmed, the changes
    /// asked after it end too, and the identity gets its former address back, if its address is
    /// still the change's or a later one's and no other identity of the realm has taken the
    /// former. Writes the event `event(restored)` makes. Returns the change and whether the
    /// address was put back; `nil` when it was cancelled already or the link expired.
    func cancelEmailChange(
        id: String, at now: Date, audit event: @escaping @Sendable (_ restored: Bool) throws -> AuditEventRecord
    ) async throws -> (change: EmailChangeRecord, restored: Bool)?
    /// Whether SCIM provisions the identity (its directory owns its address).
    func isProvisioned(identityID: String) async throws -> Bool
}
