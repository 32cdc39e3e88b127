package import Crypto
package import Foundation
import IdentityProtocol
import IdentityServerCore
import ServerTracing

/// Seals sign-in transactions into their references and opens them again: AES-256-GCM under
/// a key derived from the master key (HKDF, its own purpose), so a reference can be neither
/// read nor forged nor altered, by anyone without the master key, on any instance that has it.
///
/// A reference proves only that this server issued it and when it lapses. That it is used once
/// is storage's part: the code it earns records the transaction's ``Opened/id``, unique
/// (``IdentityStore/completeAuthentication(now:code:audit:)``).
package struct TransactionSeal: Sendable {
    private let key: SymmetricKey
    private static let purpose = Data("bi-auth-transaction-v1".utf8)
    /// Opens references sealed before ``TransactionBytes`` (JSON, version 1).
    private static let decoder = JSONDecoder()

    /// Derives the sealing key from the server's master key.
    package init(masterKey: SymmetricKey) {
        key = HKDF<SHA256>.deriveKey(inputKeyMaterial: masterKey, info: Self.purpose, outputByteCount: 32)
    }

    /// The reference for `transaction` (``TransactionBytes``, sealed): base64url, about 200
    /// characters plus state and nonce.
    package func seal(_ transaction: AuthorizationTransaction) throws -> String {
        let nonce = try AES.GCM.Nonce(data: Secrets.randomBytes(12))
        let box = try AES.GCM.seal(TransactionBytes.encode(transaction), using: key, nonce: nonce, authenticating: Self.purpose)
        guard let combined = box.combined else { throw TransactionSealError.unsealable }
        return combined.base64URLEncodedString
    }

    /// An opened reference: the transaction and what identifies it for single use.
    package struct Opened {
        package let transaction: AuthorizationTransaction
        /// SHA-256 of the transaction's random challenge, not of the reference: base64url
        /// spellings of the same bytes are one transaction, and so are the references one
        /// authorization request is sealed into again (a cross-device sign-in handed over to the
        /// app on the same device, an email code's longer-lived copy): one code in all.
        package let id: Data
    }

    /// The transaction `reference` carries, if this server sealed it and it has not lapsed at `now`;
    /// the current span is linked to the sign-in's `/authorize` span.
    package func open(_ reference: String, now: Date) -> Opened? {
        guard reference.utf8.count <= Self.longestReference,
              let sealed = Data(base64URLEncoded: reference),
              let box = try? AES.GCM.SealedBox(combined: sealed),
              let bytes = try? AES.GCM.open(box, using: key, authenticating: Self.purpose),
              let transaction = bytes.first == UInt8(ascii: "{")
                ? try? Self.decoder.decode(AuthorizationTransaction.self, from: bytes) : TransactionBytes.decode(bytes),
              Double(transaction.expiresAt) > now.timeIntervalSince1970
        else { return nil }
        Traces.linkCurrentSpan(to: transaction.traceparent, relation: "sign-in")
        return Opened(transaction: transaction, id: Data(SHA256.hash(data: Data(transaction.challenge.utf8))))
    }

    /// Longer than any reference this server makes (state and nonce are at most 512 bytes each).
    private static let longestReference = 4096

    package enum TransactionSealError: Error {
        case unsealable
    }
}
