package import Foundation

/// An ``HTTPTestClient`` that keeps every answer it gets, for `ThirdParty/openapi_check.py`
/// to hold against the OpenAPI document.
package struct RecordingClient: Sendable {
    /// One request and its answer, as the script reads them.
    package struct Exchange: Codable, Sendable {
        package let method: String
        package let path: String
        package let status: Int
        package let contentType: String?
        package let body: String

        package enum CodingKeys: String, CodingKey {
            case method, path, status, body
            case contentType = "content_type"
        }
    }

    /// Where the exchanges are kept, in order.
    package actor Log {
        package private(set) var exchanges: [Exchange] = []

        package init() {}

        /// Keeps `exchange`.
        package func append(_ exchange: Exchange) { exchanges.append(exchange) }
    }

    package let client: HTTPTestClient
    package let log: Log

    package init(client: HTTPTestClient, log: Log) {
        self.client = client
        self.log = log
    }

    /// The same recording, through `client` (another token, or none).
    package func with(_ client: HTTPTestClient) -> RecordingClient { RecordingClient(client: client, log: log) }

    /// Sends as ``HTTPTestClient/send(_:_:json:form:headers:body:)`` does, and keeps the answer.
    @discardableResult
    package func send(
        _ method: String, _ path: String, json: [String: Any]? = nil, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> HTTPTestClient.Reply {
        let reply = try await client.send(method, path, json: json, headers: headers, body: body)
        await log.append(Exchange(
            method: method, path: path, status: reply.status, contentType: reply.header("Content-Type"),
            body: String(decoding: reply.body, as: UTF8.self)))
        return reply
    }

    /// Sends, expects `status`, and returns the answer's JSON object.
    @discardableResult
    package func expect(
        _ status: Int, _ method: String, _ path: String, json: [String: Any]? = nil, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> [String: Any] {
        let reply = try await send(method, path, json: json, headers: headers, body: body)
        guard reply.status == status else {
            throw SetupError("\(method) \(path) answered \(reply.status), not \(status): \(String(decoding: reply.body, as: UTF8.self))")
        }
        return reply.json
    }
}
