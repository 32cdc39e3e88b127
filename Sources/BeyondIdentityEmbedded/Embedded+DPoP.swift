public import Foundation
import IdentityProtocol
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

extension Embedded {
    /// A DPoP proof (RFC 9449 §7) for one request to the app's own API with the access token of
    /// `tokens`, signed in the key store by the key of the credential the tokens are bound to.
    /// Send it as the `DPoP` header, with `Authorization: DPoP <access token>`. A proof is good
    /// for one request: make a new one for each.
    ///
    /// - Parameters:
    ///   - tokens: The tokens whose access token the request carries; they must be DPoP-bound.
    ///   - method: The request's method, e.g. `GET`.
    ///   - url: The request's URL (its query and fragment are left out of the proof).
    ///   - nonce: The `DPoP-Nonce` the API last sent; by default the latest one this SDK saw
    ///     from that origin.
    /// - Throws: ``BISDKError/description(_:)`` for bearer tokens (nothing to prove) and for the
    ///   server's token endpoint (the SDK alone refreshes: a proof for it would let other code
    ///   use the refresh token), and ``BISDKError/sessionEnded(_:)`` when the credential is no
    ///   longer on this device.
    public func dpopProof(
        for tokens: TokenResponse, method: String, url: URL, nonce: String? = nil
    ) async throws(BISDKError) -> String {
        try await perform { context in
            guard let handle = tokens.boundCredential else { throw BISDKError.description("these tokens are bearer tokens, not DPoP-bound") }
            let tokenEndpoint = try await context.discovery.provider().tokenEndpoint
            guard DPoPProofBuilder.target(url) != tokenEndpoint else {
                throw BISDKError.description("proofs for the token endpoint are made by the SDK only: use refreshTokens(_:)")
            }
            return try await DPoPSigner(context: context, handle: handle)
                .proof(method: method, url: url, accessToken: tokens.accessToken.value, nonce: nonce)
        }
    }

    /// Sends `request` to the app's own API with the access token of `tokens`: for bound tokens
    /// as `Authorization: DPoP` with a fresh proof, sent once more with the API's nonce if it
    /// answers `use_dpop_nonce` (the nonce is remembered per origin for the next requests);
    /// for bearer tokens as `Authorization: Bearer`. Redirects are returned, not followed.
    ///
    /// - Returns: The response body and the response, whatever its status.
    public func data(for request: URLRequest, tokens: TokenResponse) async throws(BISDKError) -> (Data, HTTPURLResponse) {
        try await perform { context in
            guard let url = request.url else { throw BISDKError.description("the request has no URL") }
            let outgoing = HTTPRequest(
                method: request.httpMethod ?? "GET", url: url, headers: request.allHTTPHeaderFields ?? [:], body: request.httpBody)
            let response: HTTPResponse
            if let handle = tokens.boundCredential {
                response = try await DPoPSigner(context: context, handle: handle).send(outgoing, accessToken: tokens.accessToken.value)
            } else {
                var bearer = outgoing
                bearer.headers = bearer.headers.filter { $0.key.lowercased() != "authorization" }
                bearer.headers["Authorization"] = "Bearer \(tokens.accessToken.value)"
                response = try await context.api.transport.send(bearer)
            }
            guard let http = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1", headerFields: response.headers)
            else { throw BISDKError.invalidServerResponse("HTTP \(response.status) cannot be represented") }
            return (response.body, http)
        }
    }
}
