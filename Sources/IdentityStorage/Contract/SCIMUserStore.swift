public import Foundation

/// What the SCIM service stores of users: an identity and its `scim_users` row written together.
/// ``IdentityStore`` has these requirements.
public protocol SCIMUserStore: Sendable {
    /// Creates the identity, its SCIM row (at the record's version), `event` and, when given,
    /// the enrollment link mailed to it, in one transaction; ``StorageError/alreadyExists`` when
    /// the realm has an identity with its username.
    func createSCIMUser(_ user: SCIMUserRecord, enrolling mailing: EnrollmentMailing?, audit event: AuditEventRecord?) async throws

    /// The identity with this id, with its SCIM row if it has one (version 0 otherwise); `nil` if none.
    func scimUser(identityID: String) async throws -> SCIMUserRecord?

    /// The realm's identities that are not deleted and meet `condition` (all without one), with
    /// their SCIM rows, oldest first: at most `limit` of them after the first `offset`, and how
    /// many meet it in all. Filtered and paged in the query: a page costs its own size.
    func scimUsers(
        realmID: String, matching condition: DirectoryCondition<SCIMUserField>?, offset: Int, limit: Int
    ) async throws -> DirectoryPage<SCIMUserRecord>

    /// Overwrites the identity and its SCIM row, provided the stored version is still
    /// `expectedVersion` (``StorageError/notFound`` otherwise, or with no such identity); with
    /// `revokingCredentialsAt`, revokes every active credential of the identity as
    /// ``IdentityStore/updateIdentity(_:revokingCredentialsAt:audit:)`` does; all with `event`, in
    /// one transaction. ``StorageError/alreadyExists`` on a username the realm already has.
    func updateSCIMUser(
        _ user: SCIMUserRecord, expectedVersion: Int64, revokingCredentialsAt revocation: Date?, audit event: AuditEventRecord?
    ) async throws
}
