import Foundation
package import IdentityServerCore

/// How many DPoP proofs a public client's token requests may have recorded (each proof's
/// `jti` is a row until it expires): anyone may use a public client's id, so without a limit
/// anyone could make the server write a row per request.
public struct PublicClientProofLimits: Sendable {
    /// Per client network (an IPv4 address, an IPv6 /64) and client, per minute.
    public var perAddressPerMinute = 120
    /// Per client, all networks together, per minute (only what the per-network limit let through counts).
    public var perClientPerMinute = 12_000

    /// The defaults.
    public init() {}
}

extension PublicClientProofLimits {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<PublicClientProofLimits>] = [
        Setting(
            "dpop.public_client_proofs_per_address_per_minute", \.perAddressPerMinute, .integer(1...1_000_000),
            help: "DPoP proofs one client network may have recorded per minute at a public client's token requests."),
        Setting(
            "dpop.public_client_proofs_per_minute", \.perClientPerMinute, .integer(1...100_000_000),
            help: "DPoP proofs all networks together may have recorded per minute at one public client's token requests."),
    ]
}
