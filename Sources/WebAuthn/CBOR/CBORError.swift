/// Why bytes are not the CBOR a WebAuthn message may carry. The decoder stops at the first.
public enum CBORError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input ended inside an item.
    case truncated
    /// Bytes are left after the item (where the whole input must be one item).
    case trailingBytes(Int)
    /// Arrays and maps nested deeper than the limit.
    case tooDeep(limit: Int)
    /// More items in all than the limit.
    case tooManyItems(limit: Int)
    /// An indefinite length, a float, a tag, `undefined` or a reserved encoding.
    case unsupported(String)
    /// An argument not in its shortest form (canonical CBOR, RFC 8949 §4.2.1).
    case notShortestForm
    /// A text string that is not UTF-8.
    case invalidUTF8
    /// A map key given twice.
    case duplicateKey

    public var description: String {
        switch self {
        case .truncated: "CBOR ends inside an item"
        case .trailingBytes(let count): "\(count) bytes follow the CBOR item"
        case .tooDeep(let limit): "CBOR nests deeper than \(limit)"
        case .tooManyItems(let limit): "CBOR has more than \(limit) items"
        case .unsupported(let what): "CBOR \(what) is not accepted"
        case .notShortestForm: "CBOR argument not in its shortest form"
        case .invalidUTF8: "CBOR text is not UTF-8"
        case .duplicateKey: "CBOR map has a key twice"
        }
    }
}
