/// One counter of a rate limit: the attempts one bucket (a client network, all clients) may make
/// in a window.
public struct AttemptBucket: Sendable, Hashable {
    /// The counter's name, e.g. `claim:address:192.0.2.1`.
    public let name: String
    /// The attempts allowed per window; one more is refused.
    public let limit: Int

    /// The counter `name`, allowing `limit` attempts per window.
    public init(name: String, limit: Int) {
        self.name = name
        self.limit = limit
    }
}
