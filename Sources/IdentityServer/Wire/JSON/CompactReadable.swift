/// A value read from ``CompactJSON`` where it can be, before `JSONDecoder` (JSON request bodies,
/// ``JSONResponse``; ES256 token payloads, ``ES256Algorithm``): to the values its `Decodable`
/// form would read. `nil` leaves it to the decoder, which reads or refuses it as before.
protocol CompactReadable: Decodable {
    init?(compact json: CompactJSON)
}
