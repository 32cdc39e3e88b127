public import Foundation

/// Browser sign-ins approved on another device (a QR code on the hosted sign-in page).
public struct CrossDeviceSettings: Sendable {
    /// How long a sign-in waits for a device's approval.
    public var lifetime: TimeInterval = 120
    /// How long the browser may take to continue once approved.
    public var continueWithin: TimeInterval = 60
    /// Sign-ins one client network may start per minute.
    public var startsPerAddressPerMinute = 30
    /// Context lookups, approvals and declines one client network may attempt per minute.
    public var requestsPerAddressPerMinute = 20
    /// Context lookups, approvals and declines all clients together may attempt per minute.
    public var requestsPerMinute = 600
    /// A header a trusted proxy sets with a coarse place of the client (e.g. a country);
    /// shown on the approving device. `nil`: none.
    public var geolocationHeader: String?
    /// How long the page's long poll waits for a change (changes wake it at once, on
    /// another instance through PostgreSQL notifications; the page polls again after).
    public var pollTimeout: Duration = .seconds(25)

    /// The defaults.
    public init() {}
}
