import Foundation
import SQLKit

extension SessionRecord: SQLRecord {
    static let table = "sessions"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("application_id", applicationID),
         ("identity_id", identityID), ("credential_id", credentialID), ("scope", scope), ("auth_time", authTime.milliseconds),
         ("code_hash", codeHash), ("created_at", createdAt.milliseconds), ("expires_at", expiresAt.milliseconds),
         ("last_refreshed_at", lastRefreshedAt?.milliseconds), ("revoked_at", revokedAt?.milliseconds),
         ("dpop_jkt", dpopBinding?.thumbprint), ("dpop_key", dpopBinding?.key.rawValue),
         ("amr", jsonText(assurance.methods)), ("acr", assurance.level), ("last_address", lastSource?.address),
         ("last_user_agent", lastSource?.userAgent), ("traceparent", traceparent)]
    }
    /// The source of its last token request, when one was recorded.
    private static func source(_ row: any SQLRow) throws -> RequestSource? {
        let (address, userAgent) = (try row.optionalString("last_address"), try row.optionalString("last_user_agent"))
        return address == nil && userAgent == nil ? nil : RequestSource(address: address, userAgent: userAgent)
    }

    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            applicationID: try row.string("application_id"), identityID: try row.string("identity_id"),
            credentialID: try row.optionalString("credential_id"), scope: try row.string("scope"), authTime: try row.date("auth_time"),
            codeHash: try row.data("code_hash"), createdAt: try row.date("created_at"), expiresAt: try row.date("expires_at"),
            lastRefreshedAt: try row.optionalDate("last_refreshed_at"), revokedAt: try row.optionalDate("revoked_at"),
            dpopBinding: try row.optionalString("dpop_jkt").map { DPoPBinding(thumbprint: $0, key: try row.value("dpop_key")) },
            assurance: try SignInAssurance(row: row), lastSource: try Self.source(row), traceparent: try row.optionalString("traceparent"))
    }
}
