import Foundation
import IdentityProtocol
import JWTKit

/// Renews a sign-in with its refresh token at the token endpoint as a public client (RFC 6749
/// §6) and verifies the new ID token (OIDC Core §12.2). A refresh the server refuses with
/// `invalid_grant` means the session is over: ``BISDKError/sessionEnded(_:)``. Bound tokens are
/// refreshed with a proof of their credential's key.
struct TokenRefresh: Sendable {
    let context: SDKContext

    func run(_ tokens: TokenResponse) async throws -> TokenResponse {
        guard let refreshToken = tokens.refreshToken else {
            throw BISDKError.sessionEnded("the server issued no refresh token for this sign-in")
        }
        return try await context.refreshFlights.refresh(refreshToken, now: context.clock()) {
            try await exchange(refreshToken, previous: tokens)
        }
    }

    private func exchange(_ refreshToken: String, previous: TokenResponse) async throws -> TokenResponse {
        let provider = try await context.discovery.provider()
        guard let endpoint = URL(string: provider.tokenEndpoint) else {
            throw BISDKError.invalidServerResponse("token_endpoint is not a URL")
        }
        var dpop: DPoPSigner?
        if let handle = previous.boundCredential { dpop = try await DPoPSigner(context: context, handle: handle) }
        let response: TokenEndpointResponse
        do {
            response = try await context.api.post(endpoint, form: [
                ("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", context.clientID),
            ], dpop: dpop)
        } catch let error as BISDKError
            where error.errorType == .authorizationFailed && error.serverErrorCode == OAuthErrorCode.invalidGrant.rawValue {
            context.log(.info, "refresh: the session has ended")
            throw BISDKError.sessionEnded(error.serverDescription)
        }
        var idToken = previous.idToken
        if let renewed = response.idToken {
            let verifier = IDTokenVerifier(provider: provider, clientID: context.clientID, nonce: nil, now: context.clock())
            let claims = try await verifier.verify(renewed, keys: context.discovery)
            // The token it renews was verified when it was received; only what it says is needed now.
            guard let before = try? await JWTKeyCollection().unverified(previous.idToken, as: IDTokenClaims.self),
                  claims.isSameSignIn(as: before)
            else { throw BISDKError.invalidIDToken(.sessionMismatch) }
            idToken = renewed
        }
        context.log(.info, "refresh: tokens renewed")
        return TokenResponse(
            accessToken: AccessToken(
                value: response.accessToken, type: response.tokenType, expiresIn: response.expiresIn, scope: response.scope),
            idToken: idToken, refreshToken: response.refreshToken, boundCredential: dpop?.bound(response))
    }
}
