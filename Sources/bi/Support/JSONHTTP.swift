import Foundation
import IdentityProtocol
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small JSON-over-HTTP client for the admin API and the demo's backend: wire coding,
/// bearer or basic auth, and server errors turned into ``CLIError``s.
struct JSONHTTP: Sendable {
    let baseURL: String
    var authorization: String?

    /// Sends `body` (JSON or form) and decodes the answer.
    func send<Response: Decodable>(
        _ method: String, _ path: String, json body: (any Encodable)? = nil, form: [String: String]? = nil,
        as: Response.Type = Response.self
    ) async throws -> Response {
        let data = try await raw(method, path, json: body, form: form)
        do {
            return try JSONDecoder.identityWire.decode(Response.self, from: data)
        } catch {
            throw CLIError("the answer of \(baseURL) to \(method) \(path) is not bi-server's: is that the bi-server's base URL?")
        }
    }

    /// Sends a request whose answer has no body worth decoding.
    func send(_ method: String, _ path: String) async throws {
        _ = try await raw(method, path, json: nil, form: nil)
    }

    private func raw(_ method: String, _ path: String, json body: (any Encodable)?, form: [String: String]?) async throws -> Data {
        guard let url = URL(string: path.hasPrefix("http") ? path : baseURL + path) else {
            throw CLIError("not a URL: \(baseURL + path)")
        }
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = method
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        if let body {
            request.httpBody = try JSONEncoder.identityWire.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let form {
            request.httpBody = Data(FormEncoding.encode(form).utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await Self.session.data(for: request)
        } catch {
            throw CLIError("cannot reach \(baseURL): \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard (200..<300).contains(status) else {
            guard let body = try? JSONDecoder().decode(APIErrorBody.self, from: data) else {
                throw CLIError("\(baseURL) answered \(method) \(path) with \(status) and no error of bi-server's: is that the bi-server's base URL?")
            }
            throw CLIError("\(method) \(path): \(status) \(body.error)\(body.errorDescription.map { ": \($0)" } ?? "")")
        }
        return data
    }

    private static let session = URLSession(configuration: .ephemeral, delegate: ChallengeRefusingDelegate(), delegateQueue: nil)
}

/// Hands a `401` back instead of answering its challenge (Linux URLSession would otherwise stall).
private final class ChallengeRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(.rejectProtectionSpace, nil)
    }
}
