package import IdentityStorage
import IdentityServerCore

extension CredentialStore where Self: IdentityRecordStore {
    /// Whether the session stands: not ended, and the credential that signed in (if one did)
    /// and its user both still active. A revoked or deleted credential, a suspended or deleted
    /// user, ends what it signed in to at once.
    package func isUsable(_ session: SessionRecord) async throws -> Bool {
        guard session.revokedAt == nil else { return false }
        guard let credentialID = session.credentialID else { return try await identity(id: session.identityID)?.status == .active }
        let standing = try await credentialStandings(ids: [credentialID])[credentialID]
        return standing?.credentialState == .active && standing?.identityStatus == .active
    }
}
