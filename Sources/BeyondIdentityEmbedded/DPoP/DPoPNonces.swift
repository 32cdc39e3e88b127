import Foundation
import Synchronization

/// The latest `DPoP-Nonce` each server origin handed out (RFC 9449 §8.2: a nonce is good for
/// the server that issued it, until it sends another), put in the next proof for that origin.
final class DPoPNonces: Sendable {
    private let byOrigin = Mutex<[String: String]>([:])

    /// The nonce to send to `url`'s origin, if it gave one.
    func nonce(for url: URL) -> String? {
        byOrigin.withLock { $0[Self.origin(of: url)] }
    }

    /// Remembers the nonce a response from `url` carried, if any.
    func remember(_ response: HTTPResponse, from url: URL) {
        guard let nonce = response.header("DPoP-Nonce"), !nonce.isEmpty else { return }
        byOrigin.withLock { $0[Self.origin(of: url)] = nonce }
    }

    /// `scheme://host:port`, lowercased, the port explicit.
    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }
}
