import Foundation
import IdentityProtocol
import IdentityStorage

/// Applications: OAuth clients with an embedded authenticator.
extension AdminService {
    func createApplication(_ tenantID: String, _ realmID: String, _ input: ApplicationInput) async throws -> Application {
        _ = try await realmRecord(tenantID, realmID)
        let type: ApplicationRecord.ClientType = try InputRules.oneOf(input.clientType, field: "client_type")
        let method = try Self.authMethod(input.tokenEndpointAuthMethod, clientType: type)
        let secret = type == .confidential ? Secrets.clientSecret() : nil
        let now = now()
        let record = ApplicationRecord(
            id: Secrets.identifier(), tenantID: tenantID, realmID: realmID, clientID: Secrets.clientID(),
            displayName: try InputRules.name(input.displayName, field: "display_name"), clientType: type,
            tokenEndpointAuthMethod: method, clientSecretHash: secret.map(Secrets.hash),
            redirectURIs: try Self.redirectURIs(input.redirectURIs),
            invokeURL: try InputRules.absoluteURL(input.invokeURL, field: "invoke_url"),
            allowedScopes: try Self.scopes(input.allowedScopes ?? Self.defaultScopes), createdAt: now, updatedAt: now)
        try await write { try await store.createApplication(record) }
        try await audit("admin.application.created", tenantID: tenantID, realmID: realmID, subjectID: record.id)
        var view = view(record)
        view.clientSecret = secret
        return view
    }

    func application(_ tenantID: String, _ realmID: String, _ applicationID: String) async throws -> Application {
        view(try await applicationRecord(tenantID, realmID, applicationID))
    }

    func applications(_ tenantID: String, _ realmID: String, _ page: PageRequest) async throws -> AdminPage<Application> {
        _ = try await realmRecord(tenantID, realmID)
        return AdminViews.page(try await store.listApplications(realmID: realmID, page), view)
    }

    func updateApplication(
        _ tenantID: String, _ realmID: String, _ applicationID: String, _ input: ApplicationInput
    ) async throws -> Application {
        var record = try await applicationRecord(tenantID, realmID, applicationID)
        if let type = input.clientType, type != record.clientType.rawValue {
            throw ServerError.invalidRequest("'client_type' cannot change; create another application")
        }
        record.displayName = try InputRules.optionalName(input.displayName, field: "display_name") ?? record.displayName
        if input.tokenEndpointAuthMethod != nil {
            record.tokenEndpointAuthMethod = try Self.authMethod(input.tokenEndpointAuthMethod, clientType: record.clientType)
        }
        if let uris = input.redirectURIs { record.redirectURIs = try Self.redirectURIs(uris) }
        if input.invokeURL != nil { record.invokeURL = try InputRules.absoluteURL(input.invokeURL, field: "invoke_url") }
        if let scopes = input.allowedScopes { record.allowedScopes = try Self.scopes(scopes) }
        record.updatedAt = now()
        try await write { try await store.updateApplication(record) }
        try await audit("admin.application.updated", tenantID: tenantID, realmID: realmID, subjectID: applicationID)
        return view(record)
    }

    func deleteApplication(_ tenantID: String, _ realmID: String, _ applicationID: String) async throws {
        _ = try await applicationRecord(tenantID, realmID, applicationID)
        try await write { try await store.deleteApplication(id: applicationID) }
        try await audit("admin.application.deleted", tenantID: tenantID, realmID: realmID, subjectID: applicationID)
    }

    private func applicationRecord(_ tenantID: String, _ realmID: String, _ applicationID: String) async throws -> ApplicationRecord {
        guard let record = try await store.application(id: applicationID), record.tenantID == tenantID,
              record.realmID == realmID
        else { throw ServerError.notFound("no such application") }
        return record
    }

    private func view(_ record: ApplicationRecord) -> Application {
        AdminViews.application(record, issuer: baseURL.issuer(tenantID: record.tenantID, realmID: record.realmID))
    }

    /// Public clients cannot keep a secret: `none`. Confidential: basic (default) or post.
    private static func authMethod(
        _ value: String?, clientType: ApplicationRecord.ClientType
    ) throws -> ApplicationRecord.TokenEndpointAuthMethod {
        if clientType == .public {
            guard value == nil || value == ApplicationRecord.TokenEndpointAuthMethod.none.rawValue else {
                throw ServerError.invalidRequest("public clients use token_endpoint_auth_method 'none'")
            }
            return .none
        }
        return try InputRules.oneOf(
            value, default: .clientSecretBasic, allowed: [.clientSecretBasic, .clientSecretPost], field: "token_endpoint_auth_method")
    }

    /// What a new application may ask for unless told otherwise.
    private static let defaultScopes = ["openid", "profile", "email"]

    private static func redirectURIs(_ uris: [String]?) throws -> [String] {
        guard let uris, !uris.isEmpty, uris.count <= 20 else {
            throw ServerError.invalidRequest("'redirect_uris' must list 1–20 URIs")
        }
        return try uris.map { try InputRules.absoluteURL($0, field: "redirect_uris") }
    }

    private static func scopes(_ scopes: [String]) throws -> [String] {
        guard scopes.contains("openid"), scopes.count <= 50,
              scopes.allSatisfy({ !$0.isEmpty && $0.count <= 100 && $0.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "\\" } })
        else { throw ServerError.invalidRequest("'allowed_scopes' must include 'openid' and be scope tokens (RFC 6749 §3.3)") }
        return scopes
    }
}
