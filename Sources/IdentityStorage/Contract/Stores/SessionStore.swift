public import Foundation

/// Sessions and their refresh tokens. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol SessionStore: Sendable {
    /// The session with this id, ended or not.
    func session(id: String) async throws -> SessionRecord?
    /// The identity's sessions, ended or not, until housekeeping removes them.
    func listSessions(identityID: String, _ page: PageRequest) async throws -> Page<SessionRecord>
    /// The identity's sessions standing at `now` (not ended, not past their end), newest
    /// first, at most `limit`.
    func standingSessions(identityID: String, now: Date, limit: Int) async throws -> [SessionRecord]
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
}
