public import Foundation
package import IdentityServerCore

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

extension CrossDeviceSettings {
    /// Its settings, as the server's configuration file and environment name them.
    package static let settings: [Setting<CrossDeviceSettings>] = [
        Setting(
            "cross_device.lifetime", \.lifetime, .seconds(30...900),
            help: "How long a browser sign-in waits for another device's approval."),
        Setting(
            "cross_device.continue_within", \.continueWithin, .seconds(10...600),
            help: "How long the browser may take to continue once the sign-in is approved."),
        Setting(
            "cross_device.starts_per_address_per_minute", \.startsPerAddressPerMinute, .integer(1...100_000),
            help: "Cross-device sign-ins one client network may start per minute."),
        Setting(
            "cross_device.requests_per_address_per_minute", \.requestsPerAddressPerMinute, .integer(1...100_000),
            help: "Sign-in codes one client network may look up, approve or decline per minute."),
        Setting(
            "cross_device.requests_per_minute", \.requestsPerMinute, .integer(1...10_000_000),
            help: "Sign-in codes all clients together may look up, approve or decline per minute (docs/protocol.md: Cross-device sign-in)."),
        Setting(
            "cross_device.geolocation_header", \.geolocationHeader, .optionalText,
            help: "A header in which a trusted proxy names the client's coarse place, shown on the approving device."),
    ]
}
