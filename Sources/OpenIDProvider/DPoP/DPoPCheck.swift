package import Foundation
package import HTTPTypes
package import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
import ServerTracing

/// The DPoP proof of one request, checked in full (RFC 9449 §4.3): the proof itself and the
/// server nonce where one is required (§8); then, once the caller has checked what it cheaply
/// can (the token the proof goes with), its `jti` is spent: recorded in storage so a replay is
/// refused on every instance (§11.1), and nobody without a valid token makes the server write. Each refusal is the RFC's error for the endpoint: a JSON
/// `400` at the token endpoint (§5), a `401` with a DPoP challenge at a resource (§7.1).
package struct DPoPCheck {
    /// Where the proof is checked, which decides how a refusal is answered.
    package enum Endpoint {
        /// The token endpoint: nonces required, errors in the body.
        case token
        /// A protected resource (`/userinfo`): errors in `WWW-Authenticate`.
        case resource
    }

    package let store: any ProviderStore
    package let nonces: DPoPNonces
    package let verifier = DPoPProofVerifier()
    package let now: @Sendable () -> Date

    package init(store: any ProviderStore, nonces: DPoPNonces, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.nonces = nonces
        self.now = now
    }

    /// The request's proof for `method` on `url`, checked but not yet spent (see ``spend(_:at:)``),
    /// or `nil` when it carries none. More than one `DPoP` field is refused (§4.3 point 1).
    package func proof(
        _ headers: HTTPFields, method: String, url: String, accessToken: String? = nil, at endpoint: Endpoint
    ) async throws -> DPoPProof? {
        let fields = headers[values: .dpop]
        guard let field = fields.first else { return nil }
        guard fields.count == 1 else { throw refusal(.invalidDPoPProof, "send one DPoP header, not \(fields.count)", at: endpoint) }
        let verified = Traces.span("verify DPoP proof") { _ in
            Result { () throws(DPoPProofError) in
                try verifier.verify(field, method: method, url: url, accessToken: accessToken, now: now())
            }
        }
        let proof: DPoPProof
        switch verified {
        case .success(let checked): proof = checked
        case .failure(let error): throw refusal(.invalidDPoPProof, error.description, at: endpoint)
        }
        if endpoint == .token {
            guard let nonce = proof.nonce else {
                throw refusal(.useDPoPNonce, "the DPoP proof must carry the nonce of the DPoP-Nonce header", at: endpoint)
            }
            guard nonces.accepts(nonce) else {
                throw refusal(.useDPoPNonce, "the DPoP proof's nonce has expired: use the one of the DPoP-Nonce header", at: endpoint)
            }
        }
        return proof
    }

    /// Spends `proof`'s `jti`: remembered as long as the proof's `iat` stays within the window;
    /// a `jti` already spent is refused.
    package func spend(_ proof: DPoPProof, at endpoint: Endpoint) async throws {
        _ = try await spend(proof, at: endpoint, counting: nil)
    }

    /// Spends `proof`'s `jti` as ``spend(_:at:)`` does, counting `attempt` against its limits
    /// first, in the same call: the bucket that refused the attempt is returned, and the proof
    /// is then not spent.
    package func spend(_ proof: DPoPProof, at endpoint: Endpoint, counting attempt: AttemptCount?) async throws -> AttemptBucket? {
        let expiresAt = proof.issuedAt.addingTimeInterval(verifier.window)
        switch try await store.useDPoPProof(keyThumbprint: proof.thumbprint, jti: proof.jti, expiresAt: expiresAt, counting: attempt) {
        case .accepted: return nil
        case .replayed: throw refusal(.invalidDPoPProof, DPoPProofError.replayed.description, at: endpoint)
        case .limited(let bucket): return bucket
        }
    }

    /// The headers every token endpoint answer carries: the nonce for the next proof.
    package var nonceHeaders: HTTPFields { [.dpopNonce: nonces.current] }

    /// The error to answer at `endpoint`; `use_dpop_nonce` comes with a fresh nonce.
    package func refusal(_ code: OAuthErrorCode, _ description: String, at endpoint: Endpoint) -> ServerError {
        var headers = code == .useDPoPNonce ? nonceHeaders : [:]
        switch endpoint {
        case .token:
            return ServerError(code, description, headers: headers)
        case .resource:
            headers[.wwwAuthenticate] = Challenge.dpop(error: code.rawValue, description: description)
            return ServerError(code, description, status: .unauthorized, headers: headers)
        }
    }
}
