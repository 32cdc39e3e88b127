package import Foundation
import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
import ServerTracing

/// `/authorize` (RFC 6749 §4.1.1, OIDC Core §3.1.2): validates the request and starts an
/// authentication transaction that the application's embedded authenticator completes. The
/// transaction is sealed into its reference: an unauthenticated request writes nothing.
package struct AuthorizationService {
    package let store: any ProviderStore
    package let seal: TransactionSeal
    package let lifetimes: ArtifactLifetimes
    /// How long a cross-device sign-in waits for approval.
    package let crossDeviceLifetime: TimeInterval
    package let baseURL: PublicBaseURL
    package let now: @Sendable () -> Date

    package init(store: any ProviderStore, seal: TransactionSeal, lifetimes: ArtifactLifetimes, crossDeviceLifetime: TimeInterval, baseURL: PublicBaseURL, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.seal = seal
        self.lifetimes = lifetimes
        self.crossDeviceLifetime = crossDeviceLifetime
        self.baseURL = baseURL
        self.now = now
    }

    /// What `/authorize` answers when it does not fail outright.
    package enum Outcome: Equatable {
        /// Send the user to the embedded authenticator's invoke URL with the transaction.
        case invokeAuthenticator(String)
        /// Answer the invoke URL as JSON, for an app that starts the sign-in itself (``InvocationType/manual``).
        case authenticateURL(String)
        /// Start a sign-in approved on another device for this transaction (sealed, marked
        /// cross-device), of an application of `tenantID`.
        case crossDevice(reference: String, transaction: AuthorizationTransaction, tenantID: String)
        /// Send the user back to the client with an error (RFC 6749 §4.1.2.1).
        case errorRedirect(String)
    }

    /// Throws (no redirect) when the client or redirect URI cannot be trusted; otherwise an
    /// outcome to redirect to.
    package func authorize(_ parameters: FormParameters, tenantID: String, realmID: String) async throws -> Outcome {
        let (application, redirectURI) = try await trustedClient(parameters, tenantID: tenantID, realmID: realmID)
        let state = try? parameters.single("state")
        do {
            let crossDevice = application.signsInOnHostedPage
            let transaction = try validatedTransaction(
                parameters, application: application, redirectURI: redirectURI, crossDevice: crossDevice)
            let reference = try seal.seal(transaction)
            guard !crossDevice else { return .crossDevice(reference: reference, transaction: transaction, tenantID: tenantID) }
            let invoke = try Self.invokeURL(application, reference, baseURL: baseURL)
            return application.invocationType == .manual ? .authenticateURL(invoke) : .invokeAuthenticator(invoke)
        } catch let error as ServerError {
            return .errorRedirect(try AuthorizationRedirect.error(
                error.code.wire, error.description, to: redirectURI, state: state,
                issuer: baseURL.issuer(tenantID: tenantID, realmID: realmID)))
        }
    }

    /// RFC 6749 §4.1.2.1: an unknown client or an unregistered redirect URI is never redirected to.
    private func trustedClient(
        _ parameters: FormParameters, tenantID: String, realmID: String
    ) async throws -> (ApplicationRecord, String) {
        guard let clientID = try parameters.single("client_id") else {
            throw ServerError.invalidRequest("client_id is missing")
        }
        guard let application = try await store.application(clientID: clientID),
              application.tenantID == tenantID, application.realmID == realmID
        else { throw ServerError(OAuthErrorCode.invalidRequest, "unknown client_id for this issuer") }
        guard let redirectURI = try parameters.single("redirect_uri") else {
            throw ServerError.invalidRequest("redirect_uri is missing")
        }
        guard application.redirectURIs.contains(redirectURI) else {
            throw ServerError.invalidRequest("redirect_uri is not registered for this client")
        }
        return (application, redirectURI)
    }

    /// The embedded authenticator's invoke URL for the transaction `reference`.
    package static func invokeURL(_ application: ApplicationRecord, _ reference: String, baseURL: PublicBaseURL) throws -> String {
        try AuthorizationRedirect.url(application.invokeURL, parameters: [
            (DeviceURLParameter.transaction, reference),
            (DeviceURLParameter.apiBaseURL, baseURL.value),
        ])
    }

    /// Validates the rest; returns the transaction to seal.
    private func validatedTransaction(
        _ parameters: FormParameters, application: ApplicationRecord, redirectURI: String, crossDevice: Bool
    ) throws -> AuthorizationTransaction {
        guard let responseType = try parameters.single("response_type") else {
            throw ServerError.invalidRequest("response_type is missing")
        }
        guard responseType == "code" else {
            throw ServerError(OAuthErrorCode.unsupportedResponseType, "only response_type=code is supported")
        }
        guard application.grantTypes.contains(.authorizationCode) else {
            throw ServerError(OAuthErrorCode.unauthorizedClient, "this client may not use the authorization code grant")
        }
        let requested = Scopes.parse(try parameters.single("scope"))
        guard !requested.isEmpty else { throw ServerError(OAuthErrorCode.invalidScope, "scope is missing") }
        // Scopes the client may not have are left out of the grant, not refused (OIDC Core
        // §3.1.2.1); the token response's `scope` says what was granted (RFC 6749 §5.1).
        let scopes = Scopes.grantable(requested, for: application)
        guard !scopes.isEmpty else {
            throw ServerError(OAuthErrorCode.invalidScope, "none of the requested scopes is allowed for this client")
        }
        if try parameters.single("prompt")?.split(separator: " ").contains("none") == true {
            throw ServerError(OAuthErrorCode.loginRequired, "a device must take part in every sign-in")
        }
        let (challenge, method) = try pkce(parameters, publicClient: application.clientType == .public)
        let acrValues = try Self.requestedAssurance(parameters)
        let nonce = try parameters.single("nonce")
        let state = try parameters.single("state")
        for (name, value) in [("nonce", nonce), ("state", state)] where (value?.utf8.count ?? 0) > 512 {
            throw ServerError.invalidRequest("\(name) is longer than 512 bytes")
        }

        return AuthorizationTransaction(
            applicationID: application.id, realmID: application.realmID, redirectURI: redirectURI,
            scope: scopes.joined(separator: " "), state: state, nonce: nonce, codeChallenge: challenge,
            codeChallengeMethod: method, challenge: Secrets.token(),
            expiresAt: Int64(now().addingTimeInterval(crossDevice ? crossDeviceLifetime : lifetimes.transaction)
                .timeIntervalSince1970.rounded(.up)),
            crossDevice: crossDevice ? true : nil, acrValues: acrValues, traceparent: Traces.currentTraceparent())
    }

    /// The assurance levels the relying party accepts: `acr_values` (OIDC Core §3.1.2.1) and
    /// the `values` or `value` of `acr` in the `claims` parameter's `id_token` (§5.5.1.1), both
    /// taken as required (an email code never passes for a device key); `nil` when it asks for none.
    private static func requestedAssurance(_ parameters: FormParameters) throws -> [String]? {
        var levels = (try parameters.single("acr_values"))?.split(separator: " ").map(String.init) ?? []
        if let claims = try parameters.single("claims") {
            guard claims.utf8.count <= 4096, let object = try? JSONSerialization.jsonObject(with: Data(claims.utf8)) as? [String: Any]
            else { throw ServerError.invalidRequest("claims must be a JSON object of at most 4096 bytes") }
            if let acr = (object["id_token"] as? [String: Any])?["acr"] {
                // A requirement that does not parse is refused, never dropped (it would let less through).
                guard let acr = acr as? [String: Any], acr["values"] == nil || acr["values"] is [String],
                      acr["value"] == nil || acr["value"] is String
                else { throw ServerError.invalidRequest("claims: id_token.acr must have string values") }
                levels += (acr["values"] as? [String] ?? []) + [acr["value"] as? String].compactMap { $0 }
            }
        }
        guard levels.count <= 10 else { throw ServerError.invalidRequest("at most 10 acr values") }
        return levels.isEmpty ? nil : levels
    }

    /// RFC 7636: `S256` only (plain is refused); required for public clients.
    private func pkce(_ parameters: FormParameters, publicClient: Bool) throws -> (String?, String?) {
        let challenge = try parameters.single("code_challenge")
        let method = try parameters.single("code_challenge_method")
        guard let challenge else {
            if publicClient { throw ServerError.invalidRequest("public clients must use PKCE (code_challenge with S256)") }
            if method != nil { throw ServerError.invalidRequest("code_challenge_method without code_challenge") }
            return (nil, nil)
        }
        guard (method ?? "plain") == PKCES256.method else {
            throw ServerError.invalidRequest("code_challenge_method must be S256")
        }
        guard challenge.utf8.count == 43, Data(base64URLEncoded: challenge)?.count == 32 else {
            throw ServerError.invalidRequest("code_challenge must be a base64url SHA-256 (43 characters)")
        }
        return (challenge, PKCES256.method)
    }
}
