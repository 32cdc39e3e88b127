import Foundation
package import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
import OpenIDProvider

/// Applications: OAuth clients with an embedded authenticator.
extension AdminService {
    /// Creates an application; `noted` holds problems the caller found reading the input (a
    /// form's unreadable field), reported with the input's own.
    package func createApplication(
        _ tenantID: String, _ realmID: String, _ input: ApplicationInput, noted: InputProblems = InputProblems()
    ) async throws -> Application {
        try admin.require(.configure, toDo: "create applications")
        _ = try await realmRecord(tenantID, realmID)
        var problems = noted
        let type: ApplicationRecord.ClientType = try problems.note { try InputRules.oneOf(input.clientType, field: "client_type") } ?? .public
        let displayName = try problems.note { try InputRules.name(input.displayName, field: "display_name") } ?? ""
        let method = try problems.note { try Self.authMethod(input.tokenEndpointAuthMethod, clientType: type) } ?? .none
        let secret = type == .confidential ? Secrets.clientSecret() : nil
        let now = now()
        var record = ApplicationRecord(
            id: Secrets.identifier(), tenantID: tenantID, realmID: realmID, clientID: Secrets.clientID(),
            displayName: displayName, clientType: type, tokenEndpointAuthMethod: method,
            clientSecretHash: secret.map(Secrets.hash), redirectURIs: [], invokeURL: "", allowedScopes: Scopes.defaults,
            createdAt: now, updatedAt: now)
        try Self.apply(input, to: &record, problems: &problems)
        try problems.throwIfAny()
        let created = try event("admin.application.created", tenantID: tenantID, realmID: realmID, subjectID: record.id)
        try await write { try await store.createApplication(record, audit: created) }
        var view = view(record)
        view.clientSecret = secret
        return view
    }

    package func application(_ tenantID: String, _ realmID: String, _ applicationID: String) async throws -> Application {
        try admin.require(.readConfiguration, toDo: "read applications")
        return view(try await applicationRecord(tenantID, realmID, applicationID))
    }

    package func applications(_ tenantID: String, _ realmID: String, _ page: PageRequest) async throws -> AdminPage<Application> {
        try admin.require(.readConfiguration, toDo: "list applications")
        _ = try await realmRecord(tenantID, realmID)
        return AdminViews.page(try await store.listApplications(realmID: realmID, page), view)
    }

    /// Changes an application; `noted` as for ``createApplication(_:_:_:noted:)``.
    package func updateApplication(
        _ tenantID: String, _ realmID: String, _ applicationID: String, _ input: ApplicationInput,
        noted: InputProblems = InputProblems()
    ) async throws -> Application {
        try admin.require(.configure, toDo: "change applications")
        var record = try await applicationRecord(tenantID, realmID, applicationID)
        if let type = input.clientType, type != record.clientType.rawValue {
            throw ServerError.invalidRequest("'client_type' cannot change; create another application")
        }
        var problems = noted
        try problems.note { record.displayName = try InputRules.optionalName(input.displayName, field: "display_name") ?? record.displayName }
        if input.tokenEndpointAuthMethod != nil {
            try problems.note {
                record.tokenEndpointAuthMethod = try Self.authMethod(input.tokenEndpointAuthMethod, clientType: record.clientType)
            }
        }
        try Self.apply(input, to: &record, problems: &problems)
        try problems.throwIfAny()
        record.updatedAt = now()
        let updated = try event("admin.application.updated", tenantID: tenantID, realmID: realmID, subjectID: applicationID)
        try await write { try await store.updateApplication(record, audit: updated) }
        return view(record)
    }

    /// Longest overlap of an old and a new client secret: 30 days.
    package static let maximumSecretOverlap = 30 * 86_400

    /// A new secret for a confidential client, shown once; the one it replaces keeps working
    /// for the overlap (a secret replaced earlier stops at once).
    package func rotateClientSecret(
        _ tenantID: String, _ realmID: String, _ applicationID: String, _ input: ClientSecretRotationInput
    ) async throws -> Application {
        try admin.require(.configure, toDo: "rotate client secrets")
        var record = try await applicationRecord(tenantID, realmID, applicationID)
        guard record.clientType == .confidential, let current = record.clientSecretHash else {
            throw ServerError.invalidRequest("a public client has no secret to rotate")
        }
        let overlap = input.overlapSeconds ?? 86_400
        guard (0...Self.maximumSecretOverlap).contains(overlap) else {
            throw ServerError.invalidRequest("'overlap_seconds' must be 0–\(Self.maximumSecretOverlap)")
        }
        let secret = Secrets.clientSecret()
        let now = now()
        record.clientSecretHash = Secrets.hash(secret)
        record.previousClientSecretHash = overlap > 0 ? current : nil
        record.previousClientSecretExpiresAt = overlap > 0 ? now.addingTimeInterval(TimeInterval(overlap)) : nil
        record.updatedAt = now
        let rotation = try event(
            "admin.application.secret_rotated", tenantID: tenantID, realmID: realmID, subjectID: applicationID,
            detail: ["overlap_seconds": String(overlap)])
        do {
            try await store.rotateClientSecret(of: record, replacing: current, audit: rotation)
        } catch let error as StorageError where error == .notFound {
            throw ServerError(APIErrorCode.conflict, "the secret was rotated (or the application deleted) meanwhile: try again")
        }
        var view = view(record)
        view.clientSecret = secret
        return view
    }

    package func deleteApplication(_ tenantID: String, _ realmID: String, _ applicationID: String) async throws {
        try admin.require(.configure, toDo: "delete applications")
        _ = try await applicationRecord(tenantID, realmID, applicationID)
        let deleted = try event("admin.application.deleted", tenantID: tenantID, realmID: realmID, subjectID: applicationID)
        try await write { try await store.deleteApplication(id: applicationID, audit: deleted) }
    }

    private func applicationRecord(_ tenantID: String, _ realmID: String, _ applicationID: String) async throws -> ApplicationRecord {
        guard let record = try await store.application(id: applicationID), record.tenantID == tenantID,
              record.realmID == realmID
        else { throw ServerError.notFound("no such application") }
        return record
    }

    private func view(_ record: ApplicationRecord) -> Application {
        AdminViews.application(record, issuer: baseURL.issuer(tenantID: record.tenantID, realmID: record.realmID), now: now())
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

    /// Applies the settings `input` gives, then checks the record makes sense as a whole: an
    /// application that signs users in has redirect URIs and, with the app on this device, an
    /// invoke URL; refresh tokens renew sign-ins, so they come with the code grant; only a
    /// confidential client acts for itself. Every problem is noted in `problems`, not only the first.
    private static func apply(_ input: ApplicationInput, to record: inout ApplicationRecord, problems: inout InputProblems) throws {
        if input.signInDevices != nil || input.emailCodes != nil {
            throw ServerError.invalidRequest(
                "'sign_in_devices' and 'email_codes' were replaced by 'sign_in_methods', a list of: "
                    + ApplicationRecord.SignInMethod.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if let uris = input.redirectURIs { try problems.note { record.redirectURIs = try urls(uris, field: "redirect_uris") } }
        if input.invokeURL != nil {
            try problems.note { record.invokeURL = try InputRules.redirectTarget(input.invokeURL, field: "invoke_url") }
        }
        if let scopes = input.allowedScopes { try problems.note { record.allowedScopes = try Self.scopes(scopes) } }
        if let grants = input.grantTypes {
            try problems.note {
                guard !grants.isEmpty else { throw ServerError.invalidRequest("'grant_types' must not be empty") }
                record.grantTypes = try grants.map { try InputRules.oneOf($0, field: "grant_types") }
            }
        }
        if let seconds = input.refreshTokenLifetime { record.refreshTokenLifetime = TimeInterval(seconds) }
        if let seconds = input.refreshTokenIdleLifetime { record.refreshTokenIdleLifetime = TimeInterval(seconds) }
        if let origins = input.allowedOrigins { try problems.note { record.allowedOrigins = try Self.origins(origins) } }
        if let uris = input.postLogoutRedirectURIs {
            try problems.note { record.postLogoutRedirectURIs = try urls(uris, field: "post_logout_redirect_uris") }
        }
        if let alg = input.idTokenSignedResponseAlg {
            try problems.note { record.idTokenSigningAlgorithm = try InputRules.oneOf(alg, field: "id_token_signed_response_alg") }
        }
        if let required = input.dpopBoundAccessTokens { record.dpopBoundAccessTokens = required }
        if let methods = input.signInMethods { try problems.note { record.signInMethods = try Self.signInMethods(methods) } }
        if let binding = input.emailCodeBinding { record.emailCodeBinding = binding }
        if let invocation = input.invocationType {
            try problems.note { record.invocationType = try InputRules.oneOf(invocation, field: "invocation_type") }
        }
        // The record as a whole, where its fields were readable.
        let grants = Set(record.grantTypes)
        let current = record
        let (redirectsRefused, invokeRefused) = (problems.mention("redirect_uris"), problems.mention("invoke_url"))
        try problems.note {
            if grants.contains(.authorizationCode) {
                guard !current.redirectURIs.isEmpty || redirectsRefused else {
                    throw ServerError.invalidRequest("'redirect_uris' must list 1–20 URIs for the authorization_code grant")
                }
            } else if grants.contains(.refreshToken) {
                throw ServerError.invalidRequest("'grant_types': refresh_token needs authorization_code")
            }
        }
        try problems.note {
            guard !grants.contains(.authorizationCode) || !current.invokeURL.isEmpty || !current.offers(.sameDevice)
                    || invokeRefused else {
                throw ServerError.invalidRequest("'invoke_url' is required to sign in with the app on the same device (same_device)")
            }
        }
        try problems.note {
            if grants.contains(.clientCredentials), current.clientType != .confidential {
                throw ServerError.invalidRequest("'grant_types': client_credentials is for confidential clients")
            }
        }
        try problems.note {
            guard (60...maxRefreshLifetime).contains(current.refreshTokenIdleLifetime),
                  (current.refreshTokenIdleLifetime...maxRefreshLifetime).contains(current.refreshTokenLifetime)
            else {
                throw ServerError.invalidRequest(
                    "'refresh_token_lifetime' and 'refresh_token_idle_lifetime' must be seconds with 60 ≤ idle ≤ lifetime ≤ \(Int(maxRefreshLifetime))")
            }
        }
    }

    /// The methods in their canonical order, each once; at least one, and an emailed code only
    /// with the app on this device, where it is typed.
    private static func signInMethods(_ values: [String]) throws -> [ApplicationRecord.SignInMethod] {
        let chosen = Set(try values.map { try InputRules.oneOf($0, field: "sign_in_methods") as ApplicationRecord.SignInMethod })
        guard !chosen.isEmpty else { throw ServerError.invalidRequest("'sign_in_methods' must name at least one way to sign in") }
        guard !chosen.contains(.emailCode) || chosen.contains(.sameDevice) else {
            throw ServerError.invalidRequest("'sign_in_methods': email_code needs same_device (the code is typed in the app on this device)")
        }
        return ApplicationRecord.SignInMethod.allCases.filter(chosen.contains)
    }

    /// One year.
    private static let maxRefreshLifetime: TimeInterval = 365 * 86_400

    private static func urls(_ uris: [String], field: String) throws -> [String] {
        guard uris.count <= 20 else { throw ServerError.invalidRequest("'\(field)' must list at most 20 URIs") }
        return try uris.map { try InputRules.redirectTarget($0, field: field) }
    }

    /// Web origins as browsers send them (RFC 6454 §6.2): `http(s)://host[:port]`, nothing more.
    private static func origins(_ origins: [String]) throws -> [String] {
        guard origins.count <= 50 else { throw ServerError.invalidRequest("'allowed_origins' must list at most 50 origins") }
        for origin in origins {
            guard let components = URLComponents(string: origin), let scheme = components.scheme,
                  ["http", "https"].contains(scheme), components.host?.isEmpty == false, components.path.isEmpty,
                  components.query == nil, components.fragment == nil, components.user == nil, origin == origin.lowercased()
            else { throw ServerError.invalidRequest("'allowed_origins' must be origins like https://app.example (lowercase, no path)") }
        }
        return origins
    }

    private static func scopes(_ scopes: [String]) throws -> [String] {
        guard scopes.count <= 50,
              scopes.allSatisfy({ !$0.isEmpty && $0.count <= 100 && $0.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "\"" && $0 != "\\" } })
        else { throw ServerError.invalidRequest("'allowed_scopes' must be scope tokens (RFC 6749 §3.3)") }
        return scopes
    }
}
