package import Foundation
package import Hummingbird
package import IdentityStorage
package import IdentityServerCore

/// Who may call a realm's SCIM service: `Authorization: Bearer <provisioning token>`, a token
/// of this very realm, neither revoked nor expired. Anything else is `401` (a token of another
/// realm is refused as an unknown one would be, so it learns nothing of this realm); a known
/// token refused is audited (`scim.refused`), like an admin token refused.
package struct SCIMAuthentication: Sendable {
    package let store: any AdministrationStore
    package let audit: AuditLog
    package let now: @Sendable () -> Date

    /// A new provisioning token: `bip_` and 256 random bits.
    package static func newToken() -> String { "bip_" + Secrets.token() }

    /// The SCIM base URL of the realm whose OpenID provider has this issuer.
    package static func baseURL(issuer: String) -> String { "\(issuer)/scim/v2" }

    /// The token that opens the service of the realm the route names; ``SCIMError/unauthorized`` otherwise.
    package func authenticate(_ request: Request, _ context: ServerRequestContext) async throws -> ProvisioningTokenRecord {
        guard let header = request.headers[.authorization], header.count > 7, header.prefix(7).lowercased() == "bearer " else {
            throw SCIMError.unauthorized
        }
        guard let token = try await store.provisioningToken(hash: Secrets.hash(String(header.dropFirst(7)))) else {
            throw SCIMError.unauthorized
        }
        let (tenantID, realmID) = try context.realmPath()
        let refusal: String? =
            token.revokedAt != nil ? "revoked_token"
            : !token.isActive(at: now()) ? "expired_token"
            : token.tenantID != tenantID || token.realmID != realmID ? "other_realm" : nil
        if let refusal {
            var detail = ["method": request.method.rawValue, "path": request.uri.path, "provisioning_token_id": token.id]
            detail["request_id"] = context.requestID
            await audit.recordRefusal(
                "scim.refused", reason: refusal, of: token.id, tenantID: token.tenantID, realmID: token.realmID, subjectID: nil,
                detail: detail)
            throw SCIMError.unauthorized
        }
        return token
    }
}
