package import Foundation
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import IdentityServerCore

/// What an outbound webhook request may reach (server-side request forgery): an `https` URL
/// whose host resolves only to public addresses. Unless private targets are allowed (for
/// tests on loopback and receivers on the operator's own network: then `http` is allowed too,
/// and every address but link-local and the clouds' metadata services), loopback, private,
/// link-local, shared, unique-local, multicast and unspecified addresses are refused, also
/// inside an IPv4-mapped, IPv4-compatible or NAT64 IPv6 address. The check runs right before
/// each attempt, and the attempt connects to the address checked (the client's DNS override),
/// so a name that resolves elsewhere a moment later (DNS rebinding) changes nothing.
package struct WebhookTargetCheck: Sendable {
    package let allowPrivateTargets: Bool

    package init(allowPrivateTargets: Bool) {
        self.allowPrivateTargets = allowPrivateTargets
    }

    /// A refused target, with why.
    package struct Refusal: Error, CustomStringConvertible, Equatable {
        package let description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// A target checked: its URL's host, port and scheme, and the address to connect to.
    package struct Target: Sendable, Equatable {
        package let host: String
        package let address: String

        package init(host: String, address: String) {
            (self.host, self.address) = (host, address)
        }
    }

    /// Whether `url` may be a webhook endpoint at all (the admin API's check: the scheme and
    /// form, and an address written in it, or `localhost`, that no attempt could reach; names
    /// are resolved and checked at each attempt).
    package func validate(_ url: String) throws(Refusal) -> URLComponents {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
              components.fragment == nil
        else { throw Refusal(description: "an absolute http(s) URL without user, password or fragment is needed") }
        guard scheme == "https" || (scheme == "http" && allowPrivateTargets) else {
            throw Refusal(description: allowPrivateTargets ? "only http and https URLs" : "only https URLs (webhooks.allow_private_targets allows http)")
        }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let name = bare.lowercased()
        if IPNetwork.bytes(of: bare) != nil {
            try refuse(address: bare, of: bare)
        } else if name == "localhost" || name.hasSuffix(".localhost") || name == "localhost." {
            try refuse(address: "127.0.0.1", of: bare)  // RFC 6761 §6.3: always loopback
        }
        return components
    }

    /// Refuses `address` (of `host`) where no attempt may go: a cloud's metadata service ever,
    /// a non-public address unless private targets are allowed.
    private func refuse(address: String, of host: String) throws(Refusal) {
        guard let kind = Self.nonPublicKind(address) else { return }
        // A cloud's metadata service is never a webhook receiver, whatever the setting says:
        // link-local holds most (169.254.169.254, ECS's 169.254.170.2), the rest are named.
        if Self.neverTargets.contains(kind) {
            throw Refusal(description: "\(host) resolves to \(address), a \(kind) address: where cloud metadata services answer, never a webhook")
        }
        if !allowPrivateTargets {
            throw Refusal(description: "\(host) resolves to \(address), a \(kind) address (webhooks.allow_private_targets allows it)")
        }
    }

    /// Resolves the URL's host and checks every address; the first one is the one to use.
    package func check(_ url: String) async throws -> Target {
        let components = try validate(url)
        let host = components.host!.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let addresses = try await Self.resolve(host)
        guard let first = addresses.first else { throw Refusal(description: "\(host) does not resolve") }
        for address in addresses { try refuse(address: address, of: host) }
        return Target(host: host, address: first)
    }

    /// What is refused whatever `allowPrivateTargets` says: where the clouds' metadata services
    /// answer, and the tunnels whose embedded IPv4 address (obfuscated in Teredo's case) could
    /// be one of them.
    package static let neverTargets: Set<String> = ["metadata", "link-local", "Teredo", "local-use NAT64"]

    /// Why an address is not public, or `nil` when it is.
    package static func nonPublicKind(_ address: String) -> String? {
        var v4 = [UInt8](repeating: 0, count: 4)
        if inet_pton(AF_INET, address, &v4) == 1 { return nonPublicKind(v4: v4) }
        var v6 = [UInt8](repeating: 0, count: 16)
        guard inet_pton(AF_INET6, address, &v6) == 1 else { return "unparsable" }
        let embedded = Array(v6.suffix(4))
        if v6.prefix(10).allSatisfy({ $0 == 0 }) && v6[10] == 0xFF && v6[11] == 0xFF { return nonPublicKind(v4: embedded) }  // ::ffff:a.b.c.d
        if v6.prefix(8).allSatisfy({ $0 == 0 }) && v6[8] == 0xFF && v6[9] == 0xFF && v6[10] == 0 && v6[11] == 0 {
            return nonPublicKind(v4: embedded) ?? "IPv4-translated"  // ::ffff:0:a.b.c.d (RFC 2765)
        }
        if v6.prefix(12).allSatisfy({ $0 == 0 }) {
            if embedded == [0, 0, 0, 0] { return "unspecified" }
            if embedded == [0, 0, 0, 1] { return "loopback" }
            return nonPublicKind(v4: embedded)  // ::a.b.c.d (deprecated IPv4-compatible)
        }
        if v6.prefix(12).elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) { return nonPublicKind(v4: embedded) }  // NAT64
        if v6.prefix(6).elementsEqual([0, 0x64, 0xFF, 0x9B, 0, 1]) { return "local-use NAT64" }  // 64:ff9b:1::/48 (RFC 8215)
        if v6[0] == 0x20 && v6[1] == 0x02 { return nonPublicKind(v4: Array(v6[2..<6])) ?? nil }  // 2002::/16, 6to4: its IPv4
        if v6.prefix(4).elementsEqual([0x20, 0x01, 0, 0]) { return "Teredo" }  // 2001::/32
        if metadataIPv6.contains(v6) { return "metadata" }
        if v6[0] & 0xFE == 0xFC { return "unique-local" }  // fc00::/7
        if v6[0] == 0xFE && v6[1] & 0xC0 == 0x80 { return "link-local" }  // fe80::/10
        if v6[0] == 0xFE && v6[1] & 0xC0 == 0xC0 { return "site-local" }  // fec0::/10
        if v6[0] == 0xFF { return "multicast" }
        return nil
    }

    /// The metadata services outside link-local: AWS's (`fd00:ec2::254`) and Google Cloud's
    /// (`fd20:ce::254`) over IPv6, Alibaba Cloud's (`100.100.100.200`), Oracle Cloud's older one
    /// (`192.0.0.192`), Azure's host service (`168.63.129.16`, a public address).
    private static let metadataIPv6: Set<[UInt8]> = [
        [0xFD, 0x00, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54],
        [0xFD, 0x20, 0x00, 0xCE, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54],
    ]
    private static let metadataIPv4: Set<[UInt8]> = [[100, 100, 100, 200], [192, 0, 0, 192], [168, 63, 129, 16]]

    private static func nonPublicKind(v4 b: [UInt8]) -> String? {
        if metadataIPv4.contains(b) { return "metadata" }
        return switch (b[0], b[1]) {
        case (0, _): "unspecified"
        case (127, _): "loopback"
        case (10, _), (172, 16...31), (192, 168): "private"
        case (169, 254): b[2] == 169 && b[3] == 254 ? "metadata" : "link-local"
        case (100, 64...127): "shared (carrier-grade NAT)"
        case (192, 0) where b[2] == 0: "reserved"
        case (198, 18...19): "benchmarking"
        case (224...239, _): "multicast"
        case (240...255, _): "reserved"
        default: nil
        }
    }

    /// Every address `host` resolves to, as text: an address is its own; a name under
    /// `invalid.` resolves to nothing, without asking DNS (RFC 6761 §6.4: a lookup that could
    /// hold one of NIO's few pool threads for a resolver's timeouts); any other name through
    /// `getaddrinfo`, on NIO's thread pool.
    package static func resolve(_ host: String) async throws -> [String] {
        if IPNetwork.bytes(of: host) != nil { return [host] }
        if host.lowercased().split(separator: ".").last == "invalid" {
            throw Refusal(description: "\(host) does not resolve (a special-use name, RFC 6761)")
        }
        return try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, nil, &hints, &list)
            guard status == 0, let list else {
                throw Refusal(description: "\(host) does not resolve (\(String(cString: gai_strerror(status))))")
            }
            defer { freeaddrinfo(list) }
            var addresses: [String] = []
            var entry: UnsafeMutablePointer<addrinfo>? = list
            while let current = entry {
                var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
                switch current.pointee.ai_family {
                case AF_INET:
                    current.pointee.ai_addr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                        var raw = address.pointee.sin_addr
                        _ = inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count))
                    }
                case AF_INET6:
                    current.pointee.ai_addr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                        var raw = address.pointee.sin6_addr
                        _ = inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count))
                    }
                default:
                    entry = current.pointee.ai_next
                    continue
                }
                let text = String(cString: buffer)
                if !addresses.contains(text) { addresses.append(text) }
                entry = current.pointee.ai_next
            }
            return addresses
        }
    }
}
