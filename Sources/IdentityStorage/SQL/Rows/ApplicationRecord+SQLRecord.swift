import Foundation
import SQLKit

extension ApplicationRecord: SQLRecord {
    static let table = "applications"
    var columns: [SQLColumn] {
        [("id", id), ("tenant_id", tenantID), ("realm_id", realmID), ("client_id", clientID), ("display_name", displayName),
         ("client_type", clientType.rawValue), ("token_endpoint_auth_method", tokenEndpointAuthMethod.rawValue),
         ("client_secret_hash", clientSecretHash), ("redirect_uris", jsonText(redirectURIs)), ("invoke_url", invokeURL),
         ("allowed_scopes", jsonText(allowedScopes)), ("grant_types", jsonText(grantTypes.map(\.rawValue))),
         ("refresh_token_lifetime", Int64(refreshTokenLifetime)), ("refresh_token_idle_lifetime", Int64(refreshTokenIdleLifetime)),
         ("allowed_origins", jsonText(allowedOrigins)), ("post_logout_redirect_uris", jsonText(postLogoutRedirectURIs)),
         ("id_token_signed_response_alg", idTokenSigningAlgorithm.rawValue),
         ("previous_client_secret_hash", previousClientSecretHash),
         ("previous_client_secret_expires_at", previousClientSecretExpiresAt?.milliseconds),
         ("dpop_bound_access_tokens", Int64(dpopBoundAccessTokens ? 1 : 0)), ("sign_in_methods", jsonText(signInMethods.map(\.rawValue))),
         ("email_code_binding", Int64(emailCodeBinding ? 1 : 0)),
         ("invocation_type", invocationType.rawValue),
         ("created_at", createdAt.milliseconds), ("updated_at", updatedAt.milliseconds)]
    }
    init(row: any SQLRow) throws {
        self.init(
            id: try row.string("id"), tenantID: try row.string("tenant_id"), realmID: try row.string("realm_id"),
            clientID: try row.string("client_id"), displayName: try row.string("display_name"),
            clientType: try row.value("client_type"), tokenEndpointAuthMethod: try row.value("token_endpoint_auth_method"),
            clientSecretHash: try row.optionalData("client_secret_hash"), redirectURIs: try row.strings("redirect_uris"),
            invokeURL: try row.string("invoke_url"), allowedScopes: try row.strings("allowed_scopes"),
            grantTypes: try row.values("grant_types"),
            refreshTokenLifetime: TimeInterval(try row.decode(column: "refresh_token_lifetime", as: Int64.self)),
            refreshTokenIdleLifetime: TimeInterval(try row.decode(column: "refresh_token_idle_lifetime", as: Int64.self)),
            allowedOrigins: try row.strings("allowed_origins"), postLogoutRedirectURIs: try row.strings("post_logout_redirect_uris"),
            idTokenSigningAlgorithm: try row.value("id_token_signed_response_alg"),
            previousClientSecretHash: try row.optionalData("previous_client_secret_hash"),
            previousClientSecretExpiresAt: try row.optionalDate("previous_client_secret_expires_at"),
            dpopBoundAccessTokens: try row.decode(column: "dpop_bound_access_tokens", as: Int64.self) != 0,
            signInMethods: try row.values("sign_in_methods"),
            emailCodeBinding: try row.decode(column: "email_code_binding", as: Int64.self) != 0,
            invocationType: try row.value("invocation_type"),
            createdAt: try row.date("created_at"), updatedAt: try row.date("updated_at"))
    }
}
