import Foundation
import IdentityProtocol

/// A response read by ``HTTPConnection``.
struct HTTPReply {
    let status: Int
    /// Header fields, names lowercased.
    let headers: [String: String]
    let body: [UInt8]

    /// The body decoded as `T` from the server's JSON, after checking the status.
    func decode<T: Decodable>(_: T.Type, expecting expected: Int = 200, what: String) throws -> T {
        try expect(expected, what: what)
        return try JSONDecoder.identityWire.decode(T.self, from: Data(body))
    }

    /// Throws unless the status is `expected`.
    func expect(_ expected: Int, what: String) throws {
        guard status == expected else {
            throw BenchError("\(what): HTTP \(status) \(String(decoding: body.prefix(300), as: UTF8.self))")
        }
    }
}
