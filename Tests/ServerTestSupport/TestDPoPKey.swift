package import Crypto
package import Foundation
import IdentityProtocol
import Testing

/// A client's DPoP key (a test device's credential key, or any other) that makes proofs as a
/// client does, and remembers the server's latest `DPoP-Nonce`.
package struct TestDPoPKey: Sendable {
    package let key: P256.Signing.PrivateKey

    package init(key: P256.Signing.PrivateKey) {
        self.key = key
    }

    /// The key's RFC 7638 thumbprint, computed here from the JWK members rather than by the code under test.
    package var thumbprint: String {
        let raw = key.publicKey.rawRepresentation
        let members = #"{"crv":"P-256","kty":"EC","x":"\#(raw.prefix(32).base64URLEncodedString)","y":"\#(raw.suffix(32).base64URLEncodedString)"}"#
        return Data(SHA256.hash(data: Data(members.utf8))).base64URLEncodedString
    }

    /// A `DPoP` header for `method` on `url`.
    package func header(
        _ method: String, _ url: String, accessToken: String? = nil, nonce: String? = nil, at now: Date = Date()
    ) async throws -> [String: String] {
        let proof = try await DPoPProofBuilder(publicKey: key.publicKey).proof(
            method: method, url: try #require(URL(string: url)), accessToken: accessToken, nonce: nonce, now: now
        ) { try key.signature(for: $0) }
        return ["DPoP": proof]
    }
}

extension TestRelyingParty {
    /// POSTs `form` to the token endpoint with a proof of `key`, fetching a nonce first when the
    /// server asks for one (RFC 9449 §8).
    package func postWithProof(_ form: [String: String], key: TestDPoPKey) async throws -> HTTPTestClient.Reply {
        let url = application.issuer + ProviderPath.token
        let first = try await post(ProviderPath.token, form, headers: try await key.header("POST", url))
        guard first.error == OAuthErrorCode.useDPoPNonce.rawValue, let nonce = first.header("DPoP-Nonce") else { return first }
        return try await post(ProviderPath.token, form, headers: try await key.header("POST", url, nonce: nonce))
    }
}

/// Reads a JWT's claims without checking anything (the server under test signed it; tests check its content).
package func unverifiedClaims(_ token: String) throws -> [String: Any] {
    let payload = try #require(token.split(separator: ".").dropFirst().first)
    let data = try #require(Data(base64URLEncoded: String(payload)))
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}
