public import Foundation

/// Browser sign-ins approved on another device. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol CrossDeviceStore: Sendable {
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
}
