import Foundation
import IdentityProtocol

/// Exchanges an authorization code at the token endpoint as a public client (RFC 6749 §4.1.3,
/// RFC 7636 §4.5) and verifies the ID token. When the server takes DPoP proofs, the request
/// carries one signed by the key of the credential that signed in, so the tokens are bound to it.
struct TokenExchange: Sendable {
    let context: SDKContext

    func run(_ grant: Authorization.Grant, codeVerifier: String) async throws -> TokenResponse {
        guard let endpoint = URL(string: grant.provider.tokenEndpoint) else {
            throw BISDKError.invalidServerResponse("token_endpoint is not a URL")
        }
        let dpop = try grant.credential.flatMap { try DPoPSigner.ifSupported(by: grant.provider, context: context, credential: $0) }
        let response: TokenEndpointResponse = try await context.api.post(endpoint, form: [
            ("grant_type", "authorization_code"), ("code", grant.code.value), ("redirect_uri", context.redirectURI),
            ("client_id", context.clientID), ("code_verifier", codeVerifier),
        ], dpop: dpop)
        guard let idToken = response.idToken else { throw BISDKError.invalidIDToken(.missing) }
        let verifier = IDTokenVerifier(
            provider: grant.provider, clientID: context.clientID, nonce: grant.nonce, now: context.clock())
        _ = try await verifier.verify(idToken, keys: context.discovery)
        context.log(.info, "token exchange: ID token verified")
        return TokenResponse(
            accessToken: AccessToken(
                value: response.accessToken, type: response.tokenType, expiresIn: response.expiresIn, scope: response.scope),
            idToken: idToken, refreshToken: response.refreshToken, boundCredential: dpop?.bound(response))
    }
}
