/// How many active identities, credentials and passkeys a realm holds
/// (``IdentityStore/realmPopulation(tenantID:)``).
public struct RealmPopulation: Sendable, Equatable {
    /// The realm's id.
    public var realmID: String
    /// The tenant the realm belongs to.
    public var tenantID: String
    /// The realm's display name.
    public var displayName: String
    /// Its identities with status ``IdentityRecord/Status/active``.
    public var activeIdentities: Int
    /// Its credentials with state ``CredentialRecord/State/active``.
    public var activeCredentials: Int
    /// Those of them that are passkeys.
    public var activePasskeys: Int

    /// Creates a count.
    public init(
        realmID: String, tenantID: String, displayName: String, activeIdentities: Int, activeCredentials: Int, activePasskeys: Int = 0
    ) {
        self.realmID = realmID
        self.tenantID = tenantID
        self.displayName = displayName
        self.activeIdentities = activeIdentities
        self.activeCredentials = activeCredentials
        self.activePasskeys = activePasskeys
    }
}
