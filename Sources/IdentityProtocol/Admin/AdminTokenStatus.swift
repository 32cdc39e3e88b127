/// Whether an admin token works (``AdminToken/status``).
///
/// Open: a newer server may send a value this version does not know, which decodes as itself rather than failing.
public struct AdminTokenStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// It works.
    public static let active = Self(rawValue: "active")
    /// Its expiry has passed.
    public static let expired = Self(rawValue: "expired")
    /// It was revoked.
    public static let revoked = Self(rawValue: "revoked")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
