/// The outcome of ``IdentityStore/revokeAdminToken(id:at:)``.
public enum AdminTokenRevocation: Sendable, Equatable {
    /// The token is revoked now; the record has `revokedAt` set.
    case revoked(AdminTokenRecord)
    /// Nothing changed: the token is the last active owner's, and revoking it would leave no
    /// token that can manage the others.
    case lastOwnerToken
}
