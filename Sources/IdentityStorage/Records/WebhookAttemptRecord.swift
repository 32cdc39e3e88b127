public import Foundation

/// One attempt at a delivery, for the endpoint's delivery log.
public struct WebhookAttemptRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var deliveryID: String
    public var endpointID: String
    public var attemptedAt: Date
    public var durationMilliseconds: Int
    /// The answer's HTTP status; `nil` when none came (refused target, timeout, connection error).
    public var statusCode: Int?
    /// The start of the answer's body (bounded), or why there was none.
    public var responseExcerpt: String?
    /// What went wrong before an answer, when something did.
    public var error: String?
    /// When the next attempt is due; `nil` when there is none.
    public var nextAttemptAt: Date?

    /// Creates a record.
    public init(
        id: String, deliveryID: String, endpointID: String, attemptedAt: Date, durationMilliseconds: Int, statusCode: Int?,
        responseExcerpt: String?, error: String?, nextAttemptAt: Date?
    ) {
        self.id = id
        self.deliveryID = deliveryID
        self.endpointID = endpointID
        self.attemptedAt = attemptedAt
        self.durationMilliseconds = durationMilliseconds
        self.statusCode = statusCode
        self.responseExcerpt = responseExcerpt
        self.error = error
        self.nextAttemptAt = nextAttemptAt
    }
}
