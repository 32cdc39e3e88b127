import ArgumentParser
import IdentityProtocol

/// The application settings `create` and `update` share; a list option given replaces the list.
struct ApplicationSettingsOptions: ParsableArguments {
    @Option(help: "A redirect URI (repeat for several).") var redirectURI: [String] = []
    @Option(help: "Where /authorize sends the user.") var invokeURL: String?
    @Option(help: "An allowed scope (repeat; default openid profile email offline_access).") var scope: [String] = []
    @Option(help: "client_secret_basic, client_secret_post or none.") var authMethod: String?
    @Option(help: "authorization_code, refresh_token or client_credentials (repeat; default the first two).")
    var grantType: [String] = []
    @Option(help: "Seconds a sign-in can be renewed with refresh tokens (default 30 days).") var refreshLifetime: Int?
    @Option(help: "Seconds a refresh token lasts unused (default 15 days).") var refreshIdleLifetime: Int?
    @Option(help: "A browser origin allowed to call the provider, e.g. https://app.example (repeat).") var allowedOrigin: [String] = []
    @Option(help: "Where logout may return the user (repeat).") var postLogoutRedirectURI: [String] = []
    @Option(help: "How ID tokens are signed: ES256 (default) or RS256, for relying parties without ES256.")
    var idTokenAlg: String?
    @Option(help: "Whether token requests must carry a DPoP proof, so every token is bound to a key: true or false (default false).")
    var dpopRequired: Bool?
    @Option(help: ArgumentHelp(
        "A way users may sign in from a browser (repeat; default same_device): passkey, cross_device (a QR code for the app on another device), same_device (the app on this device), email_code (a mailed code, in the app on this device).",
        valueName: "method"))
    var signInMethod: [String] = []
    @Option(help: "Whether a sign-in by emailed code may bind a credential on that device (a lost phone's way back): true or false (default false).")
    var emailCodeBinding: Bool?

    /// The input with these settings.
    func input(displayName: String?, clientType: String? = nil) -> ApplicationInput {
        func list(_ values: [String]) -> [String]? { values.isEmpty ? nil : values }
        return ApplicationInput(
            displayName: displayName, clientType: clientType, tokenEndpointAuthMethod: authMethod,
            redirectURIs: list(redirectURI), invokeURL: invokeURL, allowedScopes: list(scope), grantTypes: list(grantType),
            refreshTokenLifetime: refreshLifetime, refreshTokenIdleLifetime: refreshIdleLifetime,
            allowedOrigins: list(allowedOrigin), postLogoutRedirectURIs: list(postLogoutRedirectURI),
            idTokenSignedResponseAlg: idTokenAlg, dpopBoundAccessTokens: dpopRequired,
            signInMethods: list(signInMethod), emailCodeBinding: emailCodeBinding)
    }
}
