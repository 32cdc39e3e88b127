@testable import BeyondIdentityEmbedded
import Foundation
import Testing

/// When the SDK sends a request again with the server's nonce (RFC 9449 §8 at an authorization
/// server, §9 at a resource server), and when not.
@Suite struct DPoPNonceRequestTests {
    func response(_ status: Int, headers: [String: String] = [:], body: String = "") -> HTTPResponse {
        HTTPResponse(status: status, headers: Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) }),
                     body: Data(body.utf8))
    }

    @Test func aNonceIsAskedForByA400BodyOrA401ChallengeWithTheNonce() {
        let nonce = ["DPoP-Nonce": "n-1"]
        #expect(DPoPSigner.asksForNonce(response(400, headers: nonce, body: #"{"error":"use_dpop_nonce"}"#)))
        #expect(DPoPSigner.asksForNonce(response(
            401, headers: nonce.merging(["WWW-Authenticate": #"DPoP error="use_dpop_nonce", algs="ES256""#]) { $1 })))
        // Anything else is an answer to hand back, not a reason to send again.
        #expect(!DPoPSigner.asksForNonce(response(400, body: #"{"error":"use_dpop_nonce"}"#)), "no nonce to use")
        #expect(!DPoPSigner.asksForNonce(response(400, headers: nonce, body: #"{"error":"invalid_dpop_proof"}"#)))
        #expect(!DPoPSigner.asksForNonce(response(
            401, headers: nonce.merging(["WWW-Authenticate": #"DPoP error="invalid_token""#]) { $1 })))
        #expect(!DPoPSigner.asksForNonce(response(200, headers: nonce)))
    }
}
