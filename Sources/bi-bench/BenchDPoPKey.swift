import Crypto
import Foundation
import IdentityProtocol

/// A client's DPoP key (RFC 9449), making a fresh proof for each request as a client does: what
/// binding tokens to a key costs the server is measured with it.
struct BenchDPoPKey: Sendable {
    private let key = P256.Signing.PrivateKey()

    /// A proof for `method` on the issuer's endpoint `endpoint` (`/token`, `/userinfo`), with
    /// the server's `nonce` and bound to `accessToken` when given.
    func proof(_ method: String, _ endpoint: String, of realm: BenchRealm, accessToken: String? = nil, nonce: String? = nil) throws -> String {
        let builder = DPoPProofBuilder(publicKey: key.publicKey)
        let input = try builder.signingInput(
            method: method, url: realm.issuer.appendingPathComponent(endpoint), accessToken: accessToken, nonce: nonce, now: Date())
        return DPoPProofBuilder.proof(signingInput: input, signature: try key.signature(for: Data(input.utf8)))
    }
}

