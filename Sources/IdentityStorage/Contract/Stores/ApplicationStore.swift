public import Foundation

/// A realm's applications (OAuth clients). A part of ``IdentityStore``, whose rules every requirement follows.
public protocol ApplicationStore: Sendable {
    /// Throws ``StorageError/alreadyExists`` when the id or the client id is taken.
    func createApplication(_ application: ApplicationRecord, audit event: AuditEventRecord?) async throws
    func application(id: String) async throws -> ApplicationRecord?
    func application(clientID: String) async throws -> ApplicationRecord?
    func listApplications(realmID: String, _ page: PageRequest) async throws -> Page<ApplicationRecord>
    /// Whether an application of the realm lists `origin` among its allowed (CORS) origins.
    func realmAllowsOrigin(_ origin: String, realmID: String) async throws -> Bool
    /// Whether an application of the realm offers `method` among its sign-in methods.
    func realmOffers(_ method: ApplicationRecord.SignInMethod, realmID: String) async throws -> Bool
    /// Writes every setting of the application, never its secrets (see ``rotateClientSecret(of:replacing:audit:)``).
    func updateApplication(_ application: ApplicationRecord, audit event: AuditEventRecord?) async throws
    /// Writes `application`'s secret hashes (and `updatedAt`) if its secret hash is still
    /// `current`, and appends `event`, in one transaction; throws ``StorageError/notFound``,
    /// changing nothing, when another rotation came first.
    func rotateClientSecret(of application: ApplicationRecord, replacing current: Data, audit event: AuditEventRecord) async throws
    func deleteApplication(id: String, audit event: AuditEventRecord?) async throws
}
