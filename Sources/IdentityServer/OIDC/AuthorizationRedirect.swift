import Foundation

/// Builds redirects to a client: its registered URI with parameters appended to the query
/// (RFC 6749 §4.1.2: existing query components are kept).
enum AuthorizationRedirect {
    static func url(_ base: String, parameters: [(String, String?)]) throws -> String {
        guard var components = URLComponents(string: base) else {
            throw ServerError.invalidRequest("the redirect URI is malformed")
        }
        let added = parameters.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
        guard !added.isEmpty else { return base }
        components.queryItems = (components.queryItems ?? []) + added
        // URLComponents leaves "+" alone; form decoders read it as a space.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        guard let url = components.string else { throw ServerError.invalidRequest("the redirect URI is malformed") }
        return url
    }
}
