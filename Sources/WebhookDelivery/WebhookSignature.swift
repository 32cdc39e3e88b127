package import Crypto
package import Foundation
import IdentityServerCore

/// Signatures in the Standard Webhooks format (https://www.standardwebhooks.com, "Signature
/// scheme"): `webhook-signature` is `v1,` and the base64 HMAC-SHA256, under the secret's key,
/// of `{webhook-id}.{webhook-timestamp}.{body}`; several signatures (a rotation's overlap) are
/// separated by spaces. Secrets are `whsec_` and the base64 of their key.
package enum WebhookSignature {
    /// The prefix of a secret as it is shown.
    package static let secretPrefix = "whsec_"

    /// A new secret: 24 random bytes (the spec asks for 24 to 64), as `whsec_…`.
    package static func newSecret() -> String {
        secretPrefix + Data(SymmetricKey(size: .bits192).withUnsafeBytes { Data($0) }).base64EncodedString()
    }

    /// The key of a `whsec_…` secret; `nil` for anything else.
    package static func key(of secret: String) -> SymmetricKey? {
        guard secret.hasPrefix(secretPrefix), let bytes = Data(base64Encoded: String(secret.dropFirst(secretPrefix.count))),
              !bytes.isEmpty
        else { return nil }
        return SymmetricKey(data: bytes)
    }

    /// `v1,<base64>` for one key.
    package static func sign(id: String, timestamp: Int, body: Data, key: SymmetricKey) -> String {
        var content = Data("\(id).\(timestamp).".utf8)
        content.append(body)
        return "v1," + Data(HMAC<SHA256>.authenticationCode(for: content, using: key)).base64EncodedString()
    }

    /// The `webhook-signature` header's value: one signature per key, space-separated.
    package static func header(id: String, timestamp: Int, body: Data, keys: [SymmetricKey]) -> String {
        keys.map { sign(id: id, timestamp: timestamp, body: body, key: $0) }.joined(separator: " ")
    }
}
