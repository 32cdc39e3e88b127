public import Foundation

/// A token-signing key of a realm, as the admin API shows it (never its private key).
public struct AdminSigningKey: Codable, Sendable, Equatable {
    /// Where a key is in its life (the name this type had as a nested enum).
    public typealias Status = SigningKeyStatus

    /// The JWS `kid`.
    public var kid: String
    /// `ES256` or `RS256`.
    public var algorithm: JWSAlgorithm
    public var status: Status
    public var createdAt: Date
    /// When it starts signing.
    public var activatesAt: Date
    /// When it stops signing; `nil` while no successor is due.
    public var retiresAt: Date?

    /// Creates a signing-key value.
    public init(kid: String, algorithm: JWSAlgorithm, status: Status, createdAt: Date, activatesAt: Date, retiresAt: Date?) {
        self.kid = kid
        self.algorithm = algorithm
        self.status = status
        self.createdAt = createdAt
        self.activatesAt = activatesAt
        self.retiresAt = retiresAt
    }

    enum CodingKeys: String, CodingKey {
        case kid, algorithm, status
        case createdAt = "created_at"
        case activatesAt = "activates_at"
        case retiresAt = "retires_at"
    }
}
