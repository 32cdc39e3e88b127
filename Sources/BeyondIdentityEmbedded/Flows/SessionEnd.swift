import Foundation
import IdentityProtocol

/// Signs out at the server: revokes the refresh token (RFC 7009), which ends the session and
/// every token it issued, then logs out with the ID token as hint (OpenID Connect RP-Initiated
/// Logout 1.0), which ends that sign-in even where no refresh token was issued. Both are
/// idempotent, so calling again after a failure is safe.
struct SessionEnd: Sendable {
    let context: SDKContext

    func run(_ tokens: TokenResponse) async throws {
        let provider = try await context.discovery.provider()
        if let refreshToken = tokens.refreshToken, let endpoint = provider.revocationEndpoint.flatMap(URL.init(string:)) {
            try await context.api.post(endpoint, form: [
                ("token", refreshToken), ("token_type_hint", "refresh_token"), ("client_id", context.clientID),
            ])
        }
        if let endpoint = provider.endSessionEndpoint.flatMap(URL.init(string:)) {
            try await context.api.post(endpoint, form: [("id_token_hint", tokens.idToken), ("client_id", context.clientID)])
        }
        if let refreshToken = tokens.refreshToken { await context.refreshFlights.forget(refreshToken) }
        context.log(.info, "sign-out: the session has ended")
    }
}
