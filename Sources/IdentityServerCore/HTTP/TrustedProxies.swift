package import HTTPTypes
import Foundation

/// The reverse proxies in front of the server. Behind one, the peer is the proxy; the client is
/// found by walking `X-Forwarded-For` from the right past trusted hops, so a client cannot
/// choose its own address by sending the header itself.
package struct TrustedProxies: Sendable {
    package let networks: [IPNetwork]

    package init(networks: [IPNetwork]) {
        self.networks = networks
    }

    /// The client's address: the peer's unless the peer is a trusted proxy, then the nearest
    /// `X-Forwarded-For` hop that is not one (the farthest if all are).
    package func clientAddress(peer: String?, forwardedFor headers: [String]) -> String? {
        guard var client = peer else { return nil }
        let hops = headers.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() where !hop.isEmpty {
            guard isTrusted(client) else { break }
            client = hop
        }
        return client
    }

    /// Whether `address` is one of the trusted proxies.
    package func isTrusted(_ address: String) -> Bool {
        networks.contains { $0.contains(address) }
    }
}

extension HTTPField.Name {
    /// `X-Forwarded-For` (de facto standard; RFC 7239's `Forwarded` is rarely sent).
    package static let xForwardedFor = Self("X-Forwarded-For")!
}
