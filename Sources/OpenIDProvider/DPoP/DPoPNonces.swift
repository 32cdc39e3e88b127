package import Crypto
package import Foundation
import IdentityProtocol
import Synchronization
import IdentityServerCore

/// Server nonces for DPoP proofs (RFC 9449 §8), the same on every instance and kept by none:
/// a nonce names a time window of ``lifetime`` and carries an HMAC of it under a key derived
/// from the master key. The current window's nonce is handed out (`DPoP-Nonce`), and a proof
/// may carry it or the previous window's, so a nonce fetched just before a window turns still
/// works for up to one more ``lifetime``. Nonces rotate by themselves as windows pass.
package struct DPoPNonces: Sendable {
    private let key: SymmetricKey
    /// How long one window lasts.
    package let lifetime: TimeInterval
    private let now: @Sendable () -> Date
    /// The last window's nonce, made once per window rather than at every token response.
    private let latest = LatestNonce()
    private static let purpose = Data("bi-dpop-nonce-v1".utf8)

    package init(masterKey: SymmetricKey, lifetime: TimeInterval = 300, now: @escaping @Sendable () -> Date) {
        key = HKDF<SHA256>.deriveKey(inputKeyMaterial: masterKey, info: Self.purpose, outputByteCount: 32)
        self.lifetime = lifetime
        self.now = now
    }

    /// The nonce to hand out now.
    package var current: String {
        let window = window(at: now())
        return latest.value(for: window) { nonce(window: window) }
    }

    /// Whether `nonce` is this window's or the previous one's.
    package func accepts(_ nonce: String) -> Bool {
        let window = window(at: now())
        return [window, window - 1].contains { candidate in
            // Compared as MACs (constant time), never as text.
            guard let presented = Data(base64URLEncoded: nonce), presented.count == 40,
                  presented.prefix(8) == Self.bytes(of: candidate)
            else { return false }
            return HMAC<SHA256>.isValidAuthenticationCode(presented.dropFirst(8), authenticating: Self.bytes(of: candidate), using: key)
        }
    }

    private func window(at date: Date) -> Int64 { Int64((date.timeIntervalSince1970 / lifetime).rounded(.down)) }

    private func nonce(window: Int64) -> String {
        let counter = Self.bytes(of: window)
        return (counter + Data(HMAC<SHA256>.authenticationCode(for: counter, using: key))).base64URLEncodedString
    }

    private static func bytes(of window: Int64) -> Data { withUnsafeBytes(of: window.bigEndian) { Data($0) } }
}

/// The nonce of the last window asked for, shared by the copies of a ``DPoPNonces``.
private final class LatestNonce: Sendable {
    private let latest = Mutex<(window: Int64, nonce: String)?>(nil)

    /// The nonce of `window`: the kept one, or `make()`'s, then kept.
    func value(for window: Int64, make: () -> String) -> String {
        if let kept = latest.withLock({ $0 }), kept.window == window { return kept.nonce }
        let nonce = make()
        latest.withLock { $0 = (window, nonce) }
        return nonce
    }
}
