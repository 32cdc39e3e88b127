import Foundation

/// An ``HTTPTestClient`` that keeps every answer it gets, for `ThirdParty/openapi_check.py`
/// to hold against the OpenAPI document.
struct RecordingClient: Sendable {
    /// One request and its answer, as the script reads them.
    struct Exchange: Codable, Sendable {
        let method: String
        let path: String
        let status: Int
        let contentType: String?
        let body: String

        enum CodingKeys: String, CodingKey {
            case method, path, status, body
            case contentType = "content_type"
        }
    }

    /// Where the exchanges are kept, in order.
    actor Log {
        private(set) var exchanges: [Exchange] = []

        /// Keeps `exchange`.
        func append(_ exchange: Exchange) { exchanges.append(exchange) }
    }

    let client: HTTPTestClient
    let log: Log

    /// The same recording, through `client` (another token, or none).
    func with(_ client: HTTPTestClient) -> RecordingClient { RecordingClient(client: client, log: log) }

    /// Sends as ``HTTPTestClient/send(_:_:json:form:headers:body:)`` does, and keeps the answer.
    @discardableResult
    func send(
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
    func expect(
        _ status: Int, _ method: String, _ path: String, json: [String: Any]? = nil, headers: [String: String] = [:], body: Data? = nil
    ) async throws -> [String: Any] {
        let reply = try await send(method, path, json: json, headers: headers, body: body)
        guard reply.status == status else {
            throw SetupError("\(method) \(path) answered \(reply.status), not \(status): \(String(decoding: reply.body, as: UTF8.self))")
        }
        return reply.json
    }
}
