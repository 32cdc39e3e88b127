public import Foundation

/// Email one-time codes. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol EmailCodeStore: Sendable {
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
}
