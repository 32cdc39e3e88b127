/// A decoded CBOR data item (RFC 8949), limited to what WebAuthn carries: integers, byte and
/// text strings, arrays, maps, booleans and null. Floats, tags and undefined are refused by
/// ``CBORDecoder``.
public indirect enum CBOR: Sendable, Equatable {
    /// Major type 0: an unsigned integer.
    case unsigned(UInt64)
    /// Major type 1: the integer `-1 - n`.
    case negative(UInt64)
    case bytes([UInt8])
    case text(String)
    case array([CBOR])
    case map(CBORMap)
    case bool(Bool)
    case null

    /// The value as a Swift integer, when it is an integer that fits.
    public var integer: Int? {
        switch self {
        case .unsigned(let n): n <= UInt64(Int.max) ? Int(n) : nil
        case .negative(let n): n < UInt64(Int.max) ? -1 - Int(n) : nil
        default: nil
        }
    }

    public var bytes: [UInt8]? { if case .bytes(let value) = self { value } else { nil } }
    public var text: String? { if case .text(let value) = self { value } else { nil } }
    public var array: [CBOR]? { if case .array(let value) = self { value } else { nil } }
    public var map: CBORMap? { if case .map(let value) = self { value } else { nil } }
}
