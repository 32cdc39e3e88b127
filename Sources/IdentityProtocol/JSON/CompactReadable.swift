package import Foundation

/// A value read from ``CompactJSON`` where it can be, before `JSONDecoder` (the server's JSON
/// request bodies and ES256 token payloads, DPoP proofs): to the values its `Decodable` form
/// would read. `nil` leaves it to the decoder, which reads or refuses it as before.
package protocol CompactReadable: Decodable {
    /// The value `json` is, when it is one; `nil` leaves it to the decoder.
    init?(compact json: CompactJSON)
}

extension CompactJSON {
    /// `bytes` read as `Value` without a decoder, when `Value` can be (``CompactReadable``) and
    /// the bytes are of a shape read here; `nil` leaves them to the decoder.
    package static func value<Value>(_: Value.Type, from bytes: some Collection<UInt8>) -> Value? {
        guard let readable = Value.self as? any CompactReadable.Type else { return nil }
        return CompactJSON(bytes).flatMap(readable.init(compact:)) as? Value
    }
}

extension CompactReadable {
    /// `json` read as this type: without a decoder where it is compact, by `decoder` (made only
    /// then) otherwise; `nil` when it is not this type at all.
    package static func read(from json: Data, decoder: @autoclosure () -> JSONDecoder = JSONDecoder()) -> Self? {
        CompactJSON(json).flatMap(Self.init(compact:)) ?? (try? decoder().decode(Self.self, from: json))
    }
}
