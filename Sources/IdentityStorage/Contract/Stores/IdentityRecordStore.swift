public import Foundation

/// A realm's identities, as the admin API and sign-ins read and change them. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol IdentityRecordStore: Sendable {
    /// Throws ``StorageError/alreadyExists`` when the username is taken in the realm.
    func createIdentity(_ identity: IdentityRecord, audit event: AuditEventRecord?) async throws
    func identity(id: String) async throws -> IdentityRecord?
    func listIdentities(realmID: String, _ page: PageRequest) async throws -> Page<IdentityRecord>
    /// Throws ``StorageError/alreadyExists`` when the new username is taken in the realm.
    /// With `revokingCredentialsAt`, also revokes every active credential of the identity then.
    func updateIdentity(_ identity: IdentityRecord, revokingCredentialsAt: Date?, audit event: AuditEventRecord?) async throws
}
