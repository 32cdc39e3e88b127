import Foundation
import IdentityProtocol

/// The authorization-code flow without a browser: `GET authorization_endpoint` with redirects
/// refused, the invoke URL it redirects to answered on this device, and the code read from the
/// client redirect the server returns.
struct Authorization: Sendable {
    let context: SDKContext

    /// What the token exchange needs besides the verifier.
    struct Grant: Sendable {
        var code: AuthorizationCode
        /// The nonce sent in the request, which the ID token must carry.
        var nonce: String
        var provider: ProviderMetadata
        /// The credential that signed in on this device, whose key the tokens get bound to;
        /// `nil` when the server answered without asking this device.
        var credential: Credential?
    }

    func run(codeChallenge: PKCE.CodeChallenge?, scope: String, select: AsyncCredentialSelector?) async throws -> Grant {
        let provider = try await context.discovery.provider()
        // 32 random bytes each, base64url: the same generator as a PKCE verifier.
        let state = PKCES256.makeVerifier()
        let nonce = PKCES256.makeVerifier()
        var parameters = [
            ("response_type", "code"), ("client_id", context.clientID), ("redirect_uri", context.redirectURI),
            ("scope", scope), ("state", state), ("nonce", nonce),
        ]
        if let codeChallenge {
            parameters += [("code_challenge", codeChallenge.challenge), ("code_challenge_method", codeChallenge.method)]
        }
        let separator = provider.authorizationEndpoint.contains("?") ? "&" : "?"
        guard let endpoint = URL(string: provider.authorizationEndpoint + separator + FormEncoding.encode(parameters)) else {
            throw BISDKError.invalidServerResponse("authorization_endpoint is not a URL")
        }
        context.log(.debug, "authorization: requesting a code for \(context.clientID)")
        let location = try await context.api.redirectLocation(of: endpoint)
        let isInvokeURL = URLComponents(url: location, resolvingAgainstBaseURL: false)?.queryItems?
            .contains { $0.name == DeviceURLParameter.transaction } ?? false
        let answered = isInvokeURL ? try await DeviceAuthentication(context: context).answer(location, choosing: .asking(select)) : nil
        let code = try AuthorizationResponse.code(
            from: answered?.response.redirectURL ?? location, redirectURI: context.redirectURI, state: state)
        return Grant(code: code, nonce: nonce, provider: provider, credential: answered?.credential)
    }
}
