package import Foundation
import HTTPTypes
package import IdentityStorage
package import IdentityServerCore

/// What a SCIM request acts with: the store, the audit log and the clock, as the request's
/// provisioning token, under its realm's base URL.
package struct SCIMRequestContext {
    package let store: any AdministrationStore
    package let audit: AuditLog
    package let now: @Sendable () -> Date
    /// The provisioning token acting.
    package let token: ProvisioningTokenRecord
    /// This realm's SCIM base URL.
    package let base: String
    /// Makes the enrollment link a new user is mailed, where the realm says so.
    package let invitations: EnrollmentInvitations
    /// How long that link works.
    package let enrollmentLifetime: TimeInterval

    /// The audit event of a change to `subjectID`, naming the provisioning token.
    package func event(_ type: String, _ subjectID: String, detail: [String: String] = [:]) throws -> AuditEventRecord {
        try audit.event(
            type, tenantID: token.tenantID, realmID: token.realmID, subjectID: subjectID,
            detail: detail.merging(["provisioning_token_id": token.id]) { $1 })
    }

    /// A write, its storage errors answered as SCIM's: a name taken is `409 uniqueness` (saying
    /// `taken`), a version gone stale meanwhile `412`.
    package func write(taken: @autoclosure () -> String, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as StorageError where error == .alreadyExists {
            throw SCIMError.uniqueness(taken())
        } catch let error as StorageError where error == .notFound {
            throw SCIMError(.preconditionFailed, nil, "the resource changed meanwhile: read it again")
        }
    }
}
