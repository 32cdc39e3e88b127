/// The outcome of ``IdentityStore/revokeAdminToken(id:at:)``.
public enum AdminTokenRevocation: Sendable, Equatable {
    /// The token is revoked now; the record has `revokedAt` set.
    case revoked(AdminTokenRecord)
    /// Nothing changed: the token is the last active one for every tenant, and revoking it
    /// would lock every administrator out.
    case lastUnscopedToken
}
