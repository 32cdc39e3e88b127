public import Foundation

/// What an attempt at a webhook delivery leads to.
public enum WebhookAttemptResult: Sendable, Equatable {
    /// A 2xx answer: delivered.
    case delivered
    /// Try again at this time.
    case retry(at: Date)
    /// Give up: the attempts ran out.
    case failed
    /// The endpoint answered `410 Gone`: give up and turn the endpoint off, with this reason.
    case endpointGone(reason: String)
}
