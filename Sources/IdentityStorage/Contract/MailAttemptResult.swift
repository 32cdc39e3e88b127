public import Foundation

/// What an attempt at a mail delivery leads to.
public enum MailAttemptResult: Sendable, Equatable {
    /// Sent.
    case delivered
    /// Failed for now: try again at this time.
    case retry(at: Date)
    /// Given up.
    case failed
}
