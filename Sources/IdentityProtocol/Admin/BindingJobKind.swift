/// What a credential binding job enrolls (``BindingJob/kind``).
///
/// Open: a newer server may send a value this version does not know, which decodes as itself rather than failing.
public struct BindingJobKind: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A first credential, or one more.
    public static let registration = Self(rawValue: "registration")
    /// A credential that replaces the identity's others (unless it keeps them).
    public static let recovery = Self(rawValue: "recovery")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
