import Foundation
import IdentityProtocol

/// The admin API calls the benchmark needs to set up a realm and enroll devices.
struct AdminClient {
    let connection: HTTPConnection
    let token: String

    func post<Input: Encodable, Output: Decodable>(_ path: String, _ input: Input, as: Output.Type) throws -> Output {
        let body = Array(try JSONEncoder.identityWire.encode(input))
        return try connection.send(
            "POST", "/v1/admin" + path,
            headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")], body: body
        ).decode(Output.self, expecting: 201, what: "POST /v1/admin\(path)")
    }
}
