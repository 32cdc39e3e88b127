public import Foundation

/// A bearer token stored as its hash that may expire and be revoked: admin and provisioning tokens.
public protocol ExpiringToken: Sendable {
    /// When the token stops working; `nil` for never.
    var expiresAt: Date? { get }
    /// When it was revoked; `nil` while it is not.
    var revokedAt: Date? { get }
}

extension ExpiringToken {
    /// Whether the token is neither revoked nor expired at `now`.
    public func isActive(at now: Date) -> Bool {
        revokedAt == nil && (expiresAt.map { now < $0 } ?? true)
    }
}
