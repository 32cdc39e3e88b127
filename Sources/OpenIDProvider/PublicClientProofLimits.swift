import Foundation

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
