/// A value read from ``CompactJSON`` where it can be, before `JSONDecoder` (JSON request bodies,
/// ``JSONResponse``; ES256 token payloads, ``ES256Algorithm``): to the values its `Decodable`
/// form would read. `nil` leaves it to the decoder, which reads or refuses it as before.
protocol CompactReadable: Decodable {
    init?(compact json: CompactJSON)
}

extension CompactJSON {
    /// `bytes` read as `Value` without a decoder, when `Value` can be (``CompactReadable``) and
    /// the bytes are of a shape read here; `nil` leaves them to the decoder.
    static func value<Value>(_: Value.Type, from bytes: some Collection<UInt8>) -> Value? {
        guard let readable = Value.self as? any CompactReadable.Type else { return nil }
        return CompactJSON(bytes).flatMap(readable.init(compact:)) as? Value
    }
}
