import Foundation
import SQLKit

extension BindingJobRecord: SQLRecord {
    static let table = "binding_jobs"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("identity_id", identityID), ("kind", kind.rawValue),
         ("delivery", delivery.rawValue), ("token_hash", tokenHash), ("post_binding_redirect_uri", postBindingRedirectURI),
         ("status", status.rawValue), ("expires_at", expiresAt.milliseconds), ("created_at", createdAt.milliseconds),
         ("completed_at", completedAt?.milliseconds), ("credential_id", credentialID),
         ("keeps_other_credentials", Int64(keepsOtherCredentials ? 1 : 0))]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            identityID: try row.string("identity_id"), kind: try row.value("kind"), delivery: try row.value("delivery"),
            tokenHash: try row.data("token_hash"), postBindingRedirectURI: try row.optionalString("post_binding_redirect_uri"),
            status: try row.value("status"), expiresAt: try row.date("expires_at"), createdAt: try row.date("created_at"),
            completedAt: try row.optionalDate("completed_at"), credentialID: try row.optionalString("credential_id"),
            keepsOtherCredentials: try row.decode(column: "keeps_other_credentials", as: Int64.self) != 0)
    }
}
