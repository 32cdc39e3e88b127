public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// How the verifier reaches the issuer (discovery, JWKS, introspection): one request in, the
/// status and body out. The default uses an ephemeral `URLSession`; a server that already has
/// an HTTP client (AsyncHTTPClient, say) can pass its own.
public typealias IssuerFetch = @Sendable (URLRequest) async throws -> (status: Int, body: Data)

/// The default ``IssuerFetch``: an ephemeral `URLSession` with a 10-second timeout.
public let urlSessionIssuerFetch: IssuerFetch = { request in
    let (data, response) = try await IssuerSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
}

/// The session of ``urlSessionIssuerFetch``.
private enum IssuerSession {
    static let shared: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        configuration.urlCache = nil
        return URLSession(configuration: configuration)
    }()
}
