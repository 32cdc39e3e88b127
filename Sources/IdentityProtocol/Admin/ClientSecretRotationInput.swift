import Foundation

/// Rotates a confidential client's secret: the new one works at once, the old one for
/// `overlap_seconds` more (default a day; `0` ends it at once).
public struct ClientSecretRotationInput: Codable, Sendable, Equatable {
    public var overlapSeconds: Int?

    /// Creates an input.
    public init(overlapSeconds: Int? = nil) { self.overlapSeconds = overlapSeconds }

    enum CodingKeys: String, CodingKey {
        case overlapSeconds = "overlap_seconds"
    }
}
