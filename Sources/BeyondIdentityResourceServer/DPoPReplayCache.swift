import Foundation

/// The DPoP proofs this resource server accepted while they could still be replayed (RFC 9449
/// §11.1): a proof id per key, remembered until the proof's `iat` leaves the window. Held in
/// memory: instances behind one load balancer each keep their own, so a proof replayed to
/// another instance within the window is caught only by the bound token's other checks.
actor DPoPReplayCache {
    private var seen: [Key: Date] = [:]
    private var nextSweep: Int
    private let capacity: Int

    private struct Key: Hashable {
        let thumbprint: String
        let jti: String
    }

    /// A cache of at most `capacity` proofs still within their window.
    init(capacity: Int = 100_000) {
        self.capacity = capacity
        nextSweep = min(capacity, 1024)
    }

    /// Records the proof `jti` of the key `thumbprint`, remembered until `expiresAt`; `false`
    /// when it was already used, or when the cache is full of proofs still within their window
    /// (expired ones are swept out first, so a full cache empties itself as proofs age).
    func use(thumbprint: String, jti: String, expiresAt: Date, now: Date) -> Bool {
        let key = Key(thumbprint: thumbprint, jti: jti)
        if let expiry = seen[key], expiry > now { return false }
        if seen.count >= nextSweep {
            seen = seen.filter { $0.value > now }
            // Sweeping is O(n): done again only when the live entries have doubled, and never later than at capacity.
            nextSweep = min(capacity, max(1024, seen.count * 2))
        }
        guard seen.count < capacity else { return false }
        seen[key] = expiresAt
        return true
    }
}
