import Foundation

/// An HTTP request as the SDK sends it.
struct HTTPRequest: Sendable {
    var method: String
    var url: URL
    var headers: [String: String] = [:]
    var body: Data?
}

/// An HTTP response as the SDK reads it; a redirect is returned, never followed.
struct HTTPResponse: Sendable {
    var status: Int
    /// Header fields, names lowercased.
    var headers: [String: String] = [:]
    var body: Data = Data()

    /// The value of header `name` (case-insensitive).
    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Sends one HTTP request. Implementations never follow redirects, and throw
/// ``BISDKError/serverUnreachable(_:)`` when no response arrives.
///
/// The seam unit tests replace with a stub.
protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
