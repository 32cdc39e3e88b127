/// What the SCIM service stores of groups: a realm's groups and their members, written with the
/// change's audit event in one transaction. ``IdentityStore`` has these requirements.
public protocol IdentityGroupStore: Sendable {
    /// Creates the group with its members; ``StorageError/alreadyExists`` when the realm has a
    /// group of that name, ``StorageError/notFound`` when a member is no identity.
    func createGroup(_ group: IdentityGroupRecord, audit event: AuditEventRecord?) async throws

    /// The group with this id and its members that are not deleted; `nil` if none.
    func group(id: String) async throws -> IdentityGroupRecord?

    /// The realm's groups that meet `condition` (all without one), with their members that are
    /// not deleted, oldest first: at most `limit` of them after the first `offset`, fewer where
    /// the next would bring the page's members past `memberLimit` (never none while one is
    /// left), and how many meet it in all. Filtered and paged in the query.
    func groups(
        realmID: String, matching condition: DirectoryCondition<IdentityGroupField>?, offset: Int, limit: Int, memberLimit: Int
    ) async throws -> DirectoryPage<IdentityGroupRecord>

    /// Overwrites the group and its members, provided its stored version is still
    /// `expectedVersion` (``StorageError/notFound`` otherwise); ``StorageError/alreadyExists`` on
    /// a name the realm already has.
    func updateGroup(_ group: IdentityGroupRecord, expectedVersion: Int64, audit event: AuditEventRecord?) async throws

    /// Deletes the group, provided its stored version is still `expectedVersion`
    /// (``StorageError/notFound`` otherwise).
    func deleteGroup(id: String, expectedVersion: Int64, audit event: AuditEventRecord?) async throws

    /// The first `limit` groups the identity belongs to, by name.
    func groups(ofIdentity identityID: String, limit: Int) async throws -> [GroupMembership]
}
