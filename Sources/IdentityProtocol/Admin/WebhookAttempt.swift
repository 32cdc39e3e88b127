public import Foundation

/// One attempt at a webhook delivery.
public struct WebhookAttempt: Codable, Sendable, Equatable {
    public var attemptedAt: Date
    public var durationMs: Int
    /// The answer's HTTP status; absent when none came.
    public var statusCode: Int?
    /// The start of the answer's body (at most 1 KiB).
    public var responseExcerpt: String?
    /// What went wrong before an answer (a refused target, a timeout, a connection error).
    public var error: String?
    /// When the next attempt is due; absent when there is none.
    public var nextAttemptAt: Date?

    /// Creates a value.
    public init(
        attemptedAt: Date, durationMs: Int, statusCode: Int?, responseExcerpt: String?, error: String?, nextAttemptAt: Date?
    ) {
        self.attemptedAt = attemptedAt
        self.durationMs = durationMs
        self.statusCode = statusCode
        self.responseExcerpt = responseExcerpt
        self.error = error
        self.nextAttemptAt = nextAttemptAt
    }

    enum CodingKeys: String, CodingKey {
        case error
        case attemptedAt = "attempted_at"
        case durationMs = "duration_ms"
        case statusCode = "status_code"
        case responseExcerpt = "response_excerpt"
        case nextAttemptAt = "next_attempt_at"
    }
}
