/// Where a binding job is (``BindingJob/status``).
///
/// Open: a newer server may send a value this version does not know, which decodes as itself rather than failing.
public struct BindingJobStatus: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible {
    /// The value as it appears in JSON.
    public let rawValue: String

    /// A value as sent; one this version does not know is kept as it is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Its link has not been used.
    public static let pending = Self(rawValue: "pending")
    /// A credential was bound with it.
    public static let complete = Self(rawValue: "complete")

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
