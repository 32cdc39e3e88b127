public import Foundation

/// What a sign-in leaves: authorization codes and the tokens issued from them. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol SignInStore: Sendable {
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
}
