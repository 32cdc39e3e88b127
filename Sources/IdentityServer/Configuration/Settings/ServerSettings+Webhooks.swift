import Foundation
import IdentityServerCore

extension ServerSettings {
    static let webhooks: [Setting] = [
        Setting(
            "webhooks.allow_private_targets", \.webhooks.allowPrivateTargets, .boolean,
            help: "Whether webhook endpoints may be http URLs and reach loopback, private and unique-local addresses (tests, on-premises receivers); never link-local nor a cloud's metadata service."),
        Setting(
            "webhooks.retry_delays", \.webhooks.retryDelays, .durations(1...86_400),
            help: "The waits before each retry of a webhook delivery (±20 % jitter); given up once spent."),
        Setting(
            "webhooks.max_in_flight_per_endpoint", \.webhooks.maxInFlightPerEndpoint, .integer(1...64),
            help: "Deliveries attempted at once per webhook endpoint, at most."),
        Setting(
            "webhooks.poll_interval", \.webhooks.pollInterval, .duration(1...60),
            help: "How often the webhook queue is read when nothing was due."),
        Setting(
            "webhooks.lease", \.webhooks.lease, .seconds(30...3_600),
            help: "How long an instance holds the deliveries it claimed before another may take them over."),
    ]
}

extension SettingKind where Value == [TimeInterval] {
    /// A list of durations, each within `range` seconds (`5s,5m,30m`).
    static func durations(_ range: ClosedRange<Int>) -> Self {
        Self(
            read: { input in
                let items = try input.list(of: "durations (e.g. 5s,5m,2h)") { text in
                    try? SettingInput.text(text).seconds(in: range)
                }
                guard !items.isEmpty else { throw SettingInput.Mismatch(expected: "at least one duration") }
                return items.map(TimeInterval.init)
            },
            show: { $0.map { "\(Int($0))s" }.joined(separator: ",") })
    }
}
