/// A value the wire carries as a string from a set a newer server may grow (a state, a kind, a
/// method): open, so a value this version does not know decodes as itself rather than failing.
/// Conforming types declare `rawValue`, `init(rawValue:)` and their known values as static
/// members; encoding as the plain string (the standard library's for `RawRepresentable`) and
/// the description come from here.
public protocol OpenWireValue: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible where RawValue == String {}

extension OpenWireValue {
    /// The value as it appears in JSON.
    public var description: String { rawValue }
}
