package import Foundation
import IdentityProtocol
package import IdentityStorage

/// Limits attempts at something guessable (extension-code claims, console sign-ins) per client
/// network (an IPv4 address, an IPv6 /64) and across all clients, in fixed one-minute windows
/// counted in the database (so the limits hold across server instances).
/// docs/protocol.md, "Guessing a code", has the arithmetic behind the claim defaults.
package struct AttemptRateLimiter: Sendable {
    package let store: any AttemptStore
    package let perAddressPerMinute: Int
    /// All clients' attempts per minute, at most; `nil` for no such limit (where guessing is
    /// hopeless anyway and a shared limit would only let anyone lock everyone out).
    package let globalPerMinute: Int?
    package let now: @Sendable () -> Date
    /// The prefix of the counters' buckets.
    package let bucket: String
    /// What is counted, in the refusal's words.
    package let attempts: String
    /// Whose attempts one bucket counts, in the refusal's words.
    package let source: String
    /// The length of a counting window (the limits are per window).
    package let window: TimeInterval

    package init(
        store: any AttemptStore, perAddressPerMinute: Int, globalPerMinute: Int?, now: @escaping @Sendable () -> Date,
        bucket: String = "claim", attempts: String = "code attempts", source: String = "from this address",
        window: TimeInterval = 60
    ) {
        (self.store, self.perAddressPerMinute, self.globalPerMinute, self.now) = (store, perAddressPerMinute, globalPerMinute, now)
        (self.bucket, self.attempts, self.source, self.window) = (bucket, attempts, source, window)
    }

    /// Counts the attempt; throws `429 rate_limited` when a limit is exceeded. Only an attempt
    /// its network's limit lets through counts toward the global limit, so one client cannot
    /// spend everyone's budget.
    package func admit(clientAddress: String?) async throws {
        let attempt = attempt(from: clientAddress)
        if let refused = try await store.recordAttempt(attempt) { throw refusal(refused, of: attempt) }
    }

    /// The attempt of a client at `clientAddress`, for the store to count (alone, or with what
    /// it guards in the same call): its network's bucket, then everyone's.
    package func attempt(from clientAddress: String?) -> AttemptCount {
        let windowStart = windowStart(at: now())
        let address = clientAddress.map { AttemptBucket(name: "\(bucket):address:\(Self.network(of: $0))", limit: perAddressPerMinute) }
        return AttemptCount(
            buckets: [address, everyone].compactMap(\.self), windowStart: windowStart,
            expiresAt: windowStart.addingTimeInterval(2 * window))
    }

    /// `429 rate_limited` for `attempt`, which `bucket` refused: to retry when its window ends.
    package func refusal(_ bucket: AttemptBucket, of attempt: AttemptCount) -> ServerError {
        let retryAfter = max(1, Int(attempt.windowStart.addingTimeInterval(window).timeIntervalSince(now()).rounded(.up)))
        let source = bucket == everyone ? "on this server" : source
        return ServerError.rateLimited("too many \(attempts) \(source); try again later", retryAfter: retryAfter)
    }

    /// The bucket of all clients' attempts, when there is a global limit.
    private var everyone: AttemptBucket? {
        globalPerMinute.map { AttemptBucket(name: "\(bucket):all", limit: $0) }
    }

    private func windowStart(at time: Date) -> Date {
        Date(timeIntervalSince1970: (time.timeIntervalSince1970 / window).rounded(.down) * window)
    }

    /// What one client counts as: an IPv4 address (also when IPv4-mapped), or the /64 of an
    /// IPv6 address, as one subscriber usually holds a whole /64.
    package static func network(of address: String) -> String {
        guard let bytes = IPNetwork.bytes(of: address) else { return address }
        guard bytes.count == 16 else { return bytes.map(String.init).joined(separator: ".") }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
