import Foundation

/// Rotates a webhook endpoint's secret: the new one signs at once, and the old one too (a
/// second signature) for `overlap_seconds` more (default a day; `0` ends it at once).
public struct WebhookSecretRotationInput: Codable, Sendable, Equatable {
    public var overlapSeconds: Int?

    /// Creates an input.
    public init(overlapSeconds: Int? = nil) { self.overlapSeconds = overlapSeconds }

    enum CodingKeys: String, CodingKey {
        case overlapSeconds = "overlap_seconds"
    }
}
