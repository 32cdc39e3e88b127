import BeyondIdentityResourceServer
import Crypto
import Foundation
import IdentityProtocol
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An issuer in memory: its discovery document and JWKS served through an ``IssuerFetch``,
/// tokens signed as the real server signs them, and introspection answers chosen by the test.
final class FakeIssuer: Sendable {
    static let issuer = "https://id.example/v1/tenants/t/realms/r"
    let key = P256.Signing.PrivateKey()
    let kid = "key-1"
    /// What introspection answers: `active`, or an HTTP status to fail with.
    let introspection = Mutex<Result<Bool, HTTPStatusFailure>>(.success(true))
    /// Whether the JWKS lists the key (`false`: withdrawn).
    let publishes = Mutex(true)
    /// Requests made, by URL.
    let requests = Mutex<[String]>([])

    struct HTTPStatusFailure: Error { let status: Int }

    var fetch: IssuerFetch {
        { [self] request in
            let url = request.url?.absoluteString ?? ""
            requests.withLock { $0.append(url) }
            switch url {
            case Self.issuer + "/.well-known/openid-configuration":
                return (200, try JSONSerialization.data(withJSONObject: [
                    "issuer": Self.issuer, "jwks_uri": Self.issuer + "/jwks", "introspection_endpoint": Self.issuer + "/introspect",
                ]))
            case Self.issuer + "/jwks":
                let raw = key.publicKey.rawRepresentation
                guard publishes.withLock({ $0 }) else { return (200, Data(#"{"keys":[]}"#.utf8)) }
                return (200, try JSONSerialization.data(withJSONObject: ["keys": [[
                    "kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": kid,
                    "x": raw.prefix(32).base64URLEncodedString, "y": raw.suffix(32).base64URLEncodedString,
                ]]]))
            case Self.issuer + "/introspect":
                switch introspection.withLock({ $0 }) {
                case .success(let active): return (200, Data(#"{"active":\#(active)}"#.utf8))
                case .failure(let failure): return (failure.status, Data())
                }
            default:
                return (404, Data())
            }
        }
    }

    /// An access token with these claims replaced or removed (`NSNull`), signed with the
    /// issuer's key (or `key`), with header `typ` `typ`.
    func token(
        _ overrides: [String: Any] = [:], typ: String = "at+jwt", kid: String? = nil, signer: P256.Signing.PrivateKey? = nil
    ) throws -> String {
        let now = Int(Date().timeIntervalSince1970)
        let claims: [String: Any] = [
            "iss": Self.issuer, "sub": "user-1", "aud": [Self.issuer], "exp": now + 600, "iat": now, "jti": UUID().uuidString,
            "client_id": "bic_app", "scope": "openid orders:read",
        ].merging(overrides) { $1 }.filter { !($0.value is NSNull) }
        let payload = try JSONSerialization.data(withJSONObject: claims)
        let header = try JSONSerialization.data(withJSONObject: ["alg": "ES256", "typ": typ, "kid": kid ?? self.kid])
        let input = header.base64URLEncodedString + "." + payload.base64URLEncodedString
        return input + "." + (try (signer ?? key).signature(for: Data(input.utf8))).rawRepresentation.base64URLEncodedString
    }
}
