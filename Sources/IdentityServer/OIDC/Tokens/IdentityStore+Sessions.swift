import IdentityStorage

extension IdentityStore {
    /// Whether the session stands: not ended, and the credential that signed in and its user
    /// both still active. A revoked or deleted credential, a suspended or deleted user, ends
    /// what it signed in to at once.
    func isUsable(_ session: SessionRecord) async throws -> Bool {
        guard session.revokedAt == nil else { return false }
        let standing = try await credentialStandings(ids: [session.credentialID])[session.credentialID]
        return standing?.credentialState == .active && standing?.identityStatus == .active
    }
}
