import Foundation
package import IdentityProtocol
package import IdentityServerCore

/// The application form's fields, both ways: an ``Application`` or a posted form into the
/// values and choices the template shows, and a posted form into the admin API's
/// ``ApplicationInput`` (lists one per line, scopes by spaces, every field sent so that an
/// emptied list clears it).
package struct ApplicationForm: Sendable {
    /// Text fields by name.
    package let values: [String: String]
    /// Choices by key: `client_type_public`, `grant_refresh_token`, `auth_none`, `alg_RS256`, `dpop`,
    /// `method_passkey`, `email_code_binding`.
    package let flags: [String: Bool]

    /// The form's fields by the admin API's names: their labels (which its error messages use)
    /// and the ids the error summary links to.
    package static let fields: [String: FormErrors.Field] = [
        "display_name": ("Display name", "app-display-name"), "client_type": ("Client type", "app-type-public"),
        "grant_types": ("Grant types", "app-grant-code"), "redirect_uris": ("Redirect URIs", "app-redirect-uris"),
        "invoke_url": ("Invoke URL", "app-invoke-url"), "allowed_scopes": ("Allowed scopes", "app-allowed-scopes"),
        "allowed_origins": ("Allowed origins", "app-allowed-origins"),
        "post_logout_redirect_uris": ("Post-logout redirect URIs", "app-post-logout-redirect-uris"),
        "refresh_token_lifetime": ("Refresh lifetime", "app-refresh-token-lifetime"),
        "refresh_token_idle_lifetime": ("Refresh idle lifetime", "app-refresh-token-idle-lifetime"),
        "token_endpoint_auth_method": ("Token endpoint authentication", "app-auth"),
        "id_token_signed_response_alg": ("ID-token signature", "app-alg"),
        "sign_in_methods": ("How users sign in from a browser", "app-method-passkey"),
    ]

    /// The grant types offered as checkboxes.
    package static let grantTypes = [GrantType.authorizationCode, .refreshToken, .clientCredentials].map(\.rawValue)

    /// The fields of an application being edited.
    package init(_ application: Application) {
        values = [
            "display_name": application.displayName,
            "redirect_uris": application.redirectURIs.joined(separator: "\n"),
            "invoke_url": application.invokeURL,
            "allowed_scopes": application.allowedScopes.joined(separator: " "),
            "allowed_origins": application.allowedOrigins.joined(separator: "\n"),
            "post_logout_redirect_uris": application.postLogoutRedirectURIs.joined(separator: "\n"),
            "refresh_token_lifetime": ConsoleFormat.duration(application.refreshTokenLifetime),
            "refresh_token_idle_lifetime": ConsoleFormat.duration(application.refreshTokenIdleLifetime),
        ]
        flags = Self.flags(
            clientType: application.clientType.rawValue, grants: application.grantTypes.map(\.rawValue),
            authMethod: application.tokenEndpointAuthMethod.rawValue, algorithm: application.idTokenSignedResponseAlg.rawValue,
            dpop: application.dpopBoundAccessTokens, methods: application.signInMethods.map(\.rawValue),
            emailCodeBinding: application.emailCodeBinding)
    }

    /// The fields of a new application: the API's defaults.
    package static let blank = ApplicationForm(
        values: ["allowed_scopes": "openid profile email offline_access", "refresh_token_lifetime": "30d",
                 "refresh_token_idle_lifetime": "15d"],
        flags: flags(
            clientType: ClientType.public.rawValue, grants: [GrantType.authorizationCode, .refreshToken].map(\.rawValue), authMethod: "",
            algorithm: JWSAlgorithm.es256.rawValue, dpop: false, methods: [SignInMethod.sameDevice.rawValue], emailCodeBinding: false))

    /// The fields as posted (a refused form shown again as it was typed).
    package init(_ form: FormParameters) {
        values = form.firstValues
        flags = Self.flags(
            clientType: (try? form.single("client_type")) ?? "", grants: form.all("grant_types"),
            authMethod: (try? form.single("token_endpoint_auth_method")) ?? "",
            algorithm: (try? form.single("id_token_signed_response_alg")) ?? "", dpop: form.all("dpop_bound_access_tokens").contains("on"),
            methods: form.all("sign_in_methods"), emailCodeBinding: form.all("email_code_binding").contains("on"))
    }

    private init(values: [String: String], flags: [String: Bool]) {
        (self.values, self.flags) = (values, flags)
    }

    /// The admin API's input for a posted form; a duration that cannot be read is left out and
    /// noted in `problems`, for the admin API to report with its own.
    package static func input(_ form: FormParameters, creating: Bool, problems: inout InputProblems) throws -> ApplicationInput {
        func list(_ name: String, separatedBySpaces: Bool = false) throws -> [String]? {
            let text = try form.single(name) ?? ""
            let items = separatedBySpaces ? text.split(whereSeparator: \.isWhitespace).map(String.init) : ConsoleFormat.lines(text)
            return creating && items.isEmpty ? nil : items
        }
        func seconds(_ name: String) throws -> Int? {
            guard let text = try form.single(name) else { return nil }
            return try problems.note {
                guard let value = ConsoleFormat.seconds(text) else {
                    throw ServerError.invalidRequest("'\(name)' must be a duration such as 30d, 12h, 90m or 3600 (seconds)")
                }
                return value
            }
        }
        return ApplicationInput(
            displayName: try form.single("display_name"), clientType: creating ? try form.single("client_type") : nil,
            tokenEndpointAuthMethod: try form.single("token_endpoint_auth_method"), redirectURIs: try list("redirect_uris"),
            invokeURL: try form.single("invoke_url"), allowedScopes: try list("allowed_scopes", separatedBySpaces: true),
            grantTypes: form.all("grant_types"), refreshTokenLifetime: try seconds("refresh_token_lifetime"),
            refreshTokenIdleLifetime: try seconds("refresh_token_idle_lifetime"), allowedOrigins: try list("allowed_origins"),
            postLogoutRedirectURIs: try list("post_logout_redirect_uris"),
            idTokenSignedResponseAlg: try form.single("id_token_signed_response_alg"),
            dpopBoundAccessTokens: form.all("dpop_bound_access_tokens").contains("on"),
            signInMethods: creating && form.all("sign_in_methods").isEmpty ? nil : form.all("sign_in_methods"), emailCodeBinding: form.all("email_code_binding").contains("on"))
    }

    private static func flags(
        clientType: String, grants: [String], authMethod: String, algorithm: String, dpop: Bool, methods: [String], emailCodeBinding: Bool
    ) -> [String: Bool] {
        var flags = ["client_type_\(clientType)": true, "auth_\(authMethod.isEmpty ? "default" : authMethod)": true,
                     "alg_\(algorithm)": true, "dpop": dpop, "email_code_binding": emailCodeBinding]
        for grant in grants { flags["grant_\(grant)"] = true }
        for method in methods { flags["method_\(method)"] = true }
        return flags
    }
}
