import Foundation

/// Creates a webhook endpoint (`url` required; `events` omitted: every type) or changes one
/// (what is given).
public struct WebhookEndpointInput: Codable, Sendable, Equatable {
    public var url: String?
    public var events: [String]?
    public var description: String?
    /// Turns the endpoint on or off (on again after a `410 Gone`).
    public var enabled: Bool?

    /// Creates an input.
    public init(url: String? = nil, events: [String]? = nil, description: String? = nil, enabled: Bool? = nil) {
        self.url = url
        self.events = events
        self.description = description
        self.enabled = enabled
    }
}
