public import Foundation

/// How many sign-ins ended one way in one hour (``IdentityStore/signInActivity(tenantID:since:)``).
public struct SignInActivityBucket: Sendable, Equatable {
    /// The start of the hour (UTC hours, counted from the UNIX epoch).
    public var hour: Date
    /// How the sign-ins ended.
    public var outcome: Outcome
    /// Why they were refused (the refusal's `reason` detail); `nil` for successes.
    public var reason: String?
    /// How many there were.
    public var count: Int

    /// Creates a bucket.
    public init(hour: Date, outcome: Outcome, reason: String?, count: Int) {
        self.hour = hour
        self.outcome = outcome
        self.reason = reason
        self.count = count
    }
}
