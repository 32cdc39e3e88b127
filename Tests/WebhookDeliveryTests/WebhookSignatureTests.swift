import Crypto
import Foundation
import Testing

import IdentityServerCore
import WebhookDelivery

/// Standard Webhooks signatures (issue 34), against the specification's own example.
@Suite struct WebhookSignatureTests {
    /// The example of the specification's reference libraries (and of the `standardwebhooks`
    /// PyPI package's tests): this secret, id, timestamp and body sign to this value.
    @Test func theSpecificationsExampleSignsToItsValue() throws {
        let key = try #require(WebhookSignature.key(of: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
        let signature = WebhookSignature.sign(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Data(#"{"test": 2432232314}"#.utf8), key: key)
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    @Test func aRotationsOverlapSendsBothSignaturesSpaceSeparated() throws {
        let (new, old) = (SymmetricKey(data: Data(repeating: 1, count: 24)), SymmetricKey(data: Data(repeating: 2, count: 24)))
        let body = Data("{}".utf8)
        let header = WebhookSignature.header(id: "m", timestamp: 5, body: body, keys: [new, old])
        #expect(header == WebhookSignature.sign(id: "m", timestamp: 5, body: body, key: new) + " "
            + WebhookSignature.sign(id: "m", timestamp: 5, body: body, key: old))
    }

    @Test func newSecretsAreWhsecWith24RandomBytes() throws {
        let (first, second) = (WebhookSignature.newSecret(), WebhookSignature.newSecret())
        #expect(first.hasPrefix("whsec_") && first != second)
        let key = try #require(WebhookSignature.key(of: first))
        #expect(key.bitCount == 192)
        #expect(WebhookSignature.key(of: "sk_abc") == nil && WebhookSignature.key(of: "whsec_") == nil)
    }
}
