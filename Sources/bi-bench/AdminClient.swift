import Foundation
import IdentityProtocol

/// The admin API calls the benchmark needs to set up a realm and enroll devices.
struct AdminClient {
    let connection: HTTPConnection
    let token: String

    /// POSTs `input` to `path` (an ``AdminAPI`` path) and decodes the `201 Created` answer.
    func post<Input: Encodable, Output: Decodable>(_ path: String, _ input: Input, as: Output.Type) throws -> Output {
        let body = Array(try JSONEncoder.identityWire.encode(input))
        return try connection.send(
            "POST", path,
            headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")], body: body
        ).decode(Output.self, expecting: 201, what: "POST \(path)")
    }
}
