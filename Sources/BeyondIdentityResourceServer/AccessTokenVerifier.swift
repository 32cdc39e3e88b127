public import Foundation
import IdentityProtocol
import JWTKit
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Verifies the access tokens a Beyond Identity issuer signs, for a resource server built on
/// any framework: the ES256 signature by a key of the issuer's JWKS (a `kid` it does not
/// publish is refused), `typ` `at+jwt`, `iss`, `aud`, `exp` and `iat`; and for a DPoP-bound
/// token (RFC 9449 §7) the request's proof: signed by the key in `cnf.jkt`, for this method and
/// URL, hashing this token (`ath`), fresh, and used once. A bound token presented as `Bearer`
/// is refused. With a ``RevocationCheck``, the issuer is asked whether the token still stands.
///
/// Make one verifier per issuer and keep it for the life of the process: it holds the issuer's
/// keys and the proofs it has seen, and a verifier made per request would lose both.
public struct AccessTokenVerifier: Sendable {
    /// The issuer whose tokens are accepted.
    public let issuer: String
    /// The audience a token must name: by default the issuer, as its tokens do.
    public let audience: String
    /// The applications (client ids) whose tokens are accepted; `nil` accepts every
    /// application of the realm. Every token of a realm names the issuer as its audience, so
    /// this is what keeps a token an app got for another API from working here.
    public let clientIDs: Set<String>?
    /// Whether bearer tokens are refused: only DPoP-bound tokens, with a proof of their key, get in.
    public let requiresDPoP: Bool
    private let revocation: RevocationCheck?
    private let leeway: TimeInterval
    private let fetch: IssuerFetch
    private let now: @Sendable () -> Date
    private let keys: IssuerKeys
    private let proofs = DPoPProofVerifier()
    private let replays = DPoPReplayCache()

    /// A verifier of `issuer`'s tokens.
    ///
    /// - Parameters:
    ///   - issuer: The issuer, exactly as its tokens' `iss` says (`https://id.example/v1/tenants/T/realms/R`).
    ///   - audience: The `aud` to require; the issuer when `nil`.
    ///   - clientIDs: The applications whose tokens are accepted; `nil` for all of the realm's.
    ///   - requiresDPoP: Refuse bearer tokens (`true` for an API only the SDK's apps call).
    ///   - revocation: How to learn of revocations before tokens expire; `nil` trusts a token until it expires.
    ///   - leeway: Clock skew allowed on `exp` and `iat`, in seconds.
    ///   - fetch: How to reach the issuer.
    ///   - now: The clock.
    public init(
        issuer: String, audience: String? = nil, clientIDs: Set<String>? = nil, requiresDPoP: Bool = false,
        revocation: RevocationCheck? = nil, leeway: TimeInterval = 30,
        fetch: @escaping IssuerFetch = urlSessionIssuerFetch, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.issuer = issuer
        self.audience = audience ?? issuer
        self.clientIDs = clientIDs
        self.requiresDPoP = requiresDPoP
        self.revocation = revocation
        self.leeway = leeway
        self.fetch = fetch
        self.now = now
        keys = IssuerKeys(issuer: issuer, fetch: fetch, now: now)
    }

    /// Verifies the access token of one request.
    ///
    /// - Parameters:
    ///   - authorization: The `Authorization` header field.
    ///   - dpop: Every `DPoP` header field of the request.
    ///   - method: The request's method.
    ///   - url: The request's URL as the client addressed it (scheme, host and path; the query is ignored).
    public func verify(
        authorization: String?, dpop: [String], method: String, url: String
    ) async throws(AccessTokenError) -> VerifiedAccessToken {
        guard let (scheme, token) = AccessTokenScheme.parse(authorization) else { throw .missing }
        let claims = try await verifiedClaims(token)
        var thumbprint: String?
        switch (scheme, claims.cnf) {
        case (.bearer, nil):
            guard !requiresDPoP else { throw .invalidToken("this API accepts DPoP-bound access tokens only") }
        case (.bearer, .some):
            throw .invalidToken("the access token is DPoP-bound: send it as Authorization: DPoP with a proof")
        case (.dpop, nil):
            throw .invalidToken("the access token is a bearer token: send it as Authorization: Bearer")
        case (.dpop, .some(let confirmation)):
            thumbprint = try await checkProof(dpop, of: confirmation.jkt, method: method, url: url, token: token)
        }
        if let revocation { try await checkStanding(token, with: revocation) }
        return VerifiedAccessToken(
            subject: claims.sub.value, clientID: claims.clientID, scopes: Set(claims.scope.split(separator: " ").map(String.init)),
            expiresAt: claims.exp.value, id: claims.jti.value, keyThumbprint: thumbprint, isClientToken: claims.authTime == nil)
    }

    /// The claims of a token signed by the issuer, of this issuer and audience, unexpired.
    private func verifiedClaims(_ token: String) async throws(AccessTokenError) -> AccessTokenClaims {
        guard let header = Self.header(of: token) else { throw .invalidToken("the access token is not a JWT") }
        guard header.alg == JWSAlgorithm.es256.rawValue else { throw .invalidToken("the access token's alg is not ES256") }
        // RFC 9068 §4: an access token says what it is, so an ID token is never taken for one.
        guard [AccessTokenClaims.type, "application/" + AccessTokenClaims.type].contains(header.typ?.lowercased() ?? "") else {
            throw .invalidToken("the token is not an access token (typ at+jwt)")
        }
        guard let kid = header.kid, let jwk = try await keys.key(kid), let x = jwk.x, let y = jwk.y,
              let key = try? ES256PublicKey(parameters: (x, y))
        else { throw .invalidToken("the access token is signed by a key the issuer does not publish") }
        let claims: AccessTokenClaims
        do {
            claims = try await JWTKeyCollection().add(ecdsa: key, kid: JWKIdentifier(string: kid)).verify(token, as: AccessTokenClaims.self)
        } catch {
            throw .invalidToken("the access token's signature does not verify")
        }
        let now = now()
        guard claims.iss.value == issuer else { throw .invalidToken("the access token is of another issuer") }
        guard claims.aud.value.contains(audience) else { throw .invalidToken("the access token is for another audience") }
        guard clientIDs?.contains(claims.clientID) ?? true else { throw .invalidToken("the access token was issued to an application this API does not serve") }
        guard claims.exp.value.addingTimeInterval(leeway) > now else { throw .invalidToken("the access token has expired") }
        guard claims.iat.value.addingTimeInterval(-leeway) <= now else { throw .invalidToken("the access token is issued in the future") }
        return claims
    }

    /// The request's one proof, checked for this request and token, of the key `jkt`, unused; returns the key's thumbprint.
    private func checkProof(
        _ fields: [String], of jkt: String, method: String, url: String, token: String
    ) async throws(AccessTokenError) -> String {
        guard fields.count == 1, let field = fields.first else {
            throw .invalidDPoPProof(fields.isEmpty ? "a DPoP proof is required" : "send one DPoP header, not \(fields.count)")
        }
        let proof: DPoPProof
        do {
            proof = try proofs.verify(field, method: method, url: url, accessToken: token, now: now())
        } catch {
            throw .invalidDPoPProof(error.description)
        }
        guard proof.thumbprint == jkt else { throw .invalidToken("the DPoP proof is not of the key the access token is bound to") }
        guard await replays.use(
            thumbprint: proof.thumbprint, jti: proof.jti, expiresAt: proof.issuedAt.addingTimeInterval(proofs.window), now: now())
        else { throw .invalidDPoPProof(DPoPProofError.replayed.description) }
        return proof.thumbprint
    }

    /// Asks the issuer whether the token is still active (RFC 7662).
    private func checkStanding(_ token: String, with check: RevocationCheck) async throws(AccessTokenError) {
        guard let endpoint = try await keys.discovery().introspectionEndpoint.flatMap(URL.init(string:)) else {
            throw .issuerUnavailable("the issuer publishes no introspection endpoint")
        }
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.setValue(check.basicAuthorization, forHTTPHeaderField: "Authorization")
        request.httpBody = Data(FormEncoding.encode([("token", token), ("token_type_hint", "access_token")]).utf8)
        let answer: IntrospectionResponse
        do {
            let (status, body) = try await fetch(request)
            guard status == 200 else { throw AccessTokenError.issuerUnavailable("introspection answered \(status)") }
            answer = try JSONDecoder().decode(IntrospectionResponse.self, from: body)
        } catch let error as AccessTokenError {
            throw error
        } catch {
            throw .issuerUnavailable("introspection failed: \(error)")
        }
        guard answer.active else { throw .invalidToken("the access token has been revoked") }
    }

    private struct Header: Decodable {
        let alg: String
        let typ: String?
        let kid: String?
    }

    private static func header(of token: String) -> Header? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Data(base64URLEncoded: String(parts[0])) else { return nil }
        return try? JSONDecoder().decode(Header.self, from: data)
    }
}
