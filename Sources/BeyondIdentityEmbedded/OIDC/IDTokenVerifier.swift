import Foundation
import IdentityProtocol
import JWTKit

/// Verifies an ID token the way OpenID Connect Core §3.1.3.7 says, rule by rule, with an
/// injected clock.
///
/// The signing key is chosen by the token's `kid` and nothing else: a token without a `kid`, or
/// with one the issuer's JWKS lacks after one refetch, is rejected (jwt-kit's key collection
/// would fall back to a default key, so the collection used here only ever holds that one key).
struct IDTokenVerifier: Sendable {
    /// The issuer discovered for the client.
    let provider: ProviderMetadata
    let clientID: String
    /// The nonce sent in the authorization request; `nil` for an ID token from a refresh,
    /// which carries none (OIDC Core §12.2).
    let nonce: String?
    let now: Date
    /// Allowed clock skew between device and server.
    static let leeway: TimeInterval = 60

    /// The token's verified claims, or ``BISDKError/invalidIDToken(_:)`` with the first rule it breaks.
    func verify(_ token: String, keys: Discovery) async throws -> IDTokenClaims {
        let header = try Self.header(of: token)
        // §3.1.3.7 rule 7: the alg the client registered (ES256).
        guard header.alg == JWSAlgorithm.es256.rawValue else { throw BISDKError.invalidIDToken(.unsupportedAlgorithm(header.alg)) }
        // Rule 6: the signature, by the key the issuer published under `kid`.
        guard let kid = header.kid, let jwk = try await keys.signingKey(kid, of: provider),
              let x = jwk.x, let y = jwk.y, jwk.curve == .ecdsa(.p256),
              let publicKey = try? ES256PublicKey(parameters: (x, y))
        else { throw BISDKError.invalidIDToken(.unknownKeyID(header.kid)) }
        let claims = try await Self.verifySignature(token, key: publicKey, kid: kid)
        try check(claims)
        return claims
    }

    /// Rules 2–4, 9, 10 and 11, in the specification's order.
    private func check(_ claims: IDTokenClaims) throws {
        guard claims.iss.value == provider.issuer else { throw BISDKError.invalidIDToken(.issuerMismatch(claims.iss.value)) }
        guard claims.aud.value.contains(clientID) else { throw BISDKError.invalidIDToken(.audienceMismatch(claims.aud.value)) }
        let otherAudiences = claims.aud.value.contains { $0 != clientID }
        guard claims.azp.map({ $0 == clientID }) ?? !otherAudiences else {
            throw BISDKError.invalidIDToken(.authorizedPartyMismatch(claims.azp))
        }
        guard claims.exp.value.addingTimeInterval(Self.leeway) > now else { throw BISDKError.invalidIDToken(.expired) }
        guard claims.iat.value.addingTimeInterval(-Self.leeway) <= now else { throw BISDKError.invalidIDToken(.issuedInFuture) }
        guard claims.nonce == nonce else { throw BISDKError.invalidIDToken(.nonceMismatch) }
    }

    private struct Header: Decodable {
        var alg: String
        var kid: String?
    }

    private static func header(of token: String) throws -> Header {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Data(base64URLEncoded: String(parts[0])),
              let header = try? JSONDecoder().decode(Header.self, from: data)
        else { throw BISDKError.invalidIDToken(.malformed) }
        return header
    }

    private static func verifySignature(_ token: String, key: ES256PublicKey, kid: String) async throws -> IDTokenClaims {
        let keys = await JWTKeyCollection().add(ecdsa: key, kid: JWKIdentifier(string: kid))
        do {
            return try await keys.verify(token, as: IDTokenClaims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw BISDKError.invalidIDToken(.badSignature)
        } catch {
            throw BISDKError.invalidIDToken(.malformed)
        }
    }
}
