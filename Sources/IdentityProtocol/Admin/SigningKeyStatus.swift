/// Where a realm's signing key is in its life (``AdminSigningKey/status``).
///
/// Open: a newer server may send a value this version does not know, which decodes as itself rather than failing.
public struct SigningKeyStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Signs tokens now.
    public static let current = Self(rawValue: "current")
    /// Published in JWKS, signing from `activates_at` (a rotation's successor).
    public static let next = Self(rawValue: "next")
    /// No longer signs; published while the tokens it signed may live.
    public static let retired = Self(rawValue: "retired")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
