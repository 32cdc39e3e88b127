import Foundation
import TestProcessSupport
import ServerTestSupport

/// `ThirdParty/webhook_receiver.py`, started for one test on a free loopback port: it verifies
/// every message with the `standardwebhooks` library and records it; tests tell it, per path,
/// which secrets to verify with and which statuses to answer. Tests that start it ask for
/// `.requires(.standardwebhooks)`.
final class WebhookReceiver: @unchecked Sendable {
    private let helper: PortFileProcess
    var port: Int { helper.port }
    var directory: URL { helper.directory }

    /// One request the receiver got.
    struct Message: @unchecked Sendable {
        let path: String
        let id: String
        let timestamp: String
        let signatures: Int
        let type: String
        let data: [String: String]
        let status: Int
        /// The indexes of the path's secrets whose signature verified.
        let verifiedBy: [Int]
        /// When it came, by the receiver's clock.
        let receivedAt: Date
        /// Its W3C `traceparent` field, when the server traces.
        let traceparent: String?
    }

    /// Runs `body` with a receiver, and stops it after.
    static func with<R>(_ body: (WebhookReceiver) async throws -> R) async throws -> R {
        try await PortFileProcess.with(script: "webhook_receiver.py", prefix: "bi-webhooks", name: "webhook receiver") { helper in
            try await body(WebhookReceiver(helper: helper))
        }
    }

    private init(helper: PortFileProcess) {
        self.helper = helper
    }

    /// The URL of `path` on this receiver.
    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Verify messages to each path with these secrets (in this order).
    func verify(_ secrets: [String: [String]]) throws {
        try write(secrets, to: "secrets.json")
    }

    /// Answer the first requests to each path with these statuses ("302 URL" redirects), then 200.
    func answer(_ statuses: [String: [String]]) throws {
        try write(statuses, to: "answers.json")
    }

    private func write(_ value: [String: [String]], to name: String) throws {
        let partial = directory.appendingPathComponent(name + ".partial")
        try JSONSerialization.data(withJSONObject: value).write(to: partial)
        guard rename(partial.path, directory.appendingPathComponent(name).path) == 0 else { throw SetupError("cannot write \(name)") }
    }

    /// Every request so far, in the order they came.
    func messages() throws -> [Message] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .compactMap { name in name.hasSuffix(".json") ? Int(name.dropLast(5)) : nil }.sorted()
            .map { number in
                let data = try Data(contentsOf: directory.appendingPathComponent("\(number).json"))
                let record = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
                let body = record["body"] as? [String: Any] ?? [:]
                return Message(
                    path: record["path"] as? String ?? "", id: record["id"] as? String ?? "", timestamp: record["timestamp"] as? String ?? "",
                    signatures: record["signatures"] as? Int ?? 0, type: body["type"] as? String ?? "",
                    data: body["data"] as? [String: String] ?? [:], status: record["status"] as? Int ?? 0,
                    verifiedBy: record["verified_by"] as? [Int] ?? [],
                    receivedAt: Date(timeIntervalSince1970: record["received_at"] as? Double ?? 0),
                    traceparent: record["traceparent"] as? String)
            }
    }

    /// Waits (up to `timeout`) until `condition` holds for the messages; returns them. A timeout
    /// names what did arrive.
    @discardableResult
    func wait(
        timeout: Duration = .seconds(120), until condition: ([Message]) -> Bool
    ) async throws -> [Message] {
        var last: [Message] = []
        return try await eventually(
            within: timeout, "the webhook messages awaited (received: \(last.map { "\($0.path) \($0.type) \($0.status)" }))"
        ) {
            last = try messages()
            return condition(last) ? last : nil
        }
    }
}
