public import Foundation

/// SCIM provisioning tokens. A part of ``IdentityStore``, whose rules every requirement follows.
public protocol ProvisioningTokenStore: Sendable {
    /// Throws ``StorageError/alreadyExists`` for a hash already stored, ``StorageError/notFound``
    /// when the realm is missing.
    func createProvisioningToken(_ token: ProvisioningTokenRecord, audit event: AuditEventRecord?) async throws
    func provisioningToken(hash: Data) async throws -> ProvisioningTokenRecord?
    func provisioningToken(id: String) async throws -> ProvisioningTokenRecord?
    /// The realm's tokens, revoked and expired ones included, by id.
    func listProvisioningTokens(realmID: String, _ page: PageRequest) async throws -> Page<ProvisioningTokenRecord>
    /// Revokes the token at `now`; ``StorageError/notFound`` when it is missing or already revoked.
    func revokeProvisioningToken(id: String, at now: Date, audit event: AuditEventRecord?) async throws -> ProvisioningTokenRecord
}
