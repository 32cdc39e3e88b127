import Crypto
import Foundation
import IdentityProtocol
import SwiftASN1
import X509

/// Makes DPoP proofs (RFC 9449) with a credential's own key, signed in the key store (the key
/// never leaves it), and sends requests with them: a request refused for want of the server's
/// nonce is sent once more with the nonce it handed out.
struct DPoPSigner: Sendable {
    let context: SDKContext
    let credential: Credential
    let builder: DPoPProofBuilder

    /// A signer for `credential`, whose leaf certificate gives the public key the proofs carry.
    init(context: SDKContext, credential: Credential) throws {
        guard let leaf = credential.chain.first, let certificate = try? Certificate(pemEncoded: leaf),
              let key = P256.Signing.PublicKey(certificate.publicKey)
        else { throw BISDKError.keyStoreFailure("the credential \(credential.handle) has no P-256 certificate") }
        self.context = context
        self.credential = credential
        builder = DPoPProofBuilder(publicKey: key)
    }

    /// The thumbprint the server puts in a bound token's `cnf.jkt`.
    var thumbprint: String { JWKThumbprint.of(builder.publicKey) }

    /// A proof for `method` on `url`, with `accessToken` hashed in when given and the origin's
    /// latest nonce (or `nonce`).
    func proof(method: String, url: URL, accessToken: String? = nil, nonce: String? = nil) async throws -> String {
        try await builder.proof(
            method: method, url: url, accessToken: accessToken, nonce: nonce ?? context.dpopNonces.nonce(for: url),
            now: context.clock()
        ) { message in
            try await context.withKeyStore { try await $0.sign(message, with: credential.keyHandle, prompt: context.biometricAskPrompt) }
        }
    }

    /// Sends `request` with a fresh proof (and `Authorization: DPoP` when `accessToken` is
    /// given), and once more with the server's nonce if it answers `use_dpop_nonce` (RFC 9449
    /// §8 at the token endpoint, §9 at a resource server).
    func send(_ request: HTTPRequest, accessToken: String? = nil) async throws -> HTTPResponse {
        var response = try await attempt(request, accessToken: accessToken)
        if Self.asksForNonce(response) {
            context.log(.debug, "DPoP: the server asked for a nonce; sending again")
            response = try await attempt(request, accessToken: accessToken)
        }
        return response
    }

    private func attempt(_ request: HTTPRequest, accessToken: String?) async throws -> HTTPResponse {
        var request = request
        // Whatever the caller set under these names, in any case, is replaced: two would be refused.
        request.headers = request.headers.filter { !["dpop", "authorization"].contains($0.key.lowercased()) }
        request.headers["DPoP"] = try await proof(method: request.method, url: request.url, accessToken: accessToken)
        if let accessToken { request.headers["Authorization"] = "DPoP \(accessToken)" }
        let response = try await context.api.transport.send(request)
        context.dpopNonces.remember(response, from: request.url)
        return response
    }

    /// Whether the server refused for want of a (newer) nonce and sent one: a `400` error body
    /// from an authorization server, a `401` challenge from a resource server.
    static func asksForNonce(_ response: HTTPResponse) -> Bool {
        guard response.header("DPoP-Nonce") != nil else { return false }
        let code = OAuthErrorCode.useDPoPNonce.rawValue
        switch response.status {
        case 400: return (try? JSONDecoder().decode(APIErrorBody.self, from: response.body))?.error == code
        case 401: return response.header("WWW-Authenticate")?.contains("error=\"\(code)\"") == true
        default: return false
        }
    }
}

extension DPoPSigner {
    /// A signer for `credential` when the provider takes ES256 proofs
    /// (`dpop_signing_alg_values_supported`); `nil` for one that does not.
    static func ifSupported(by provider: ProviderMetadata, context: SDKContext, credential: Credential) throws -> DPoPSigner? {
        guard provider.dpopSigningAlgValuesSupported?.contains(DPoPProofVerifier.algorithm) == true else { return nil }
        return try DPoPSigner(context: context, credential: credential)
    }

    /// A signer for the stored credential `handle`; a credential no longer on this device ends
    /// the sign-in, since nothing else can prove possession of its key.
    init(context: SDKContext, handle: Credential.Handle) async throws {
        guard let credential = try await context.withKeyStore({ try await $0.credentials() }).first(where: { $0.handle == handle }) else {
            throw BISDKError.sessionEnded("the credential the tokens are bound to is no longer on this device")
        }
        try self.init(context: context, credential: credential)
    }

    /// The credential `response`'s tokens are bound to: this one, when the server bound them
    /// (`token_type` `DPoP`) to this key; `nil` when it issued bearer tokens.
    func bound(_ response: TokenEndpointResponse) -> Credential.Handle? {
        guard response.tokenType.caseInsensitiveCompare("DPoP") == .orderedSame else { return nil }
        return credential.handle
    }
}
