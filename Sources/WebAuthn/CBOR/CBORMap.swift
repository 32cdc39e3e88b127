/// A CBOR map in its encoded order, with lookups by integer or text key (COSE keys use
/// integers, attestation objects text). ``CBORDecoder`` refuses duplicate keys.
public struct CBORMap: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let key: CBOR
        public let value: CBOR

        public init(key: CBOR, value: CBOR) {
            self.key = key
            self.value = value
        }
    }

    public let entries: [Entry]

    public init(_ entries: [Entry]) { self.entries = entries }

    public subscript(key: CBOR) -> CBOR? { entries.first { $0.key == key }?.value }

    public subscript(key: Int) -> CBOR? { self[key >= 0 ? .unsigned(UInt64(key)) : .negative(UInt64(-1 - key))] }

    public subscript(key: String) -> CBOR? { self[.text(key)] }

    public var count: Int { entries.count }
}
