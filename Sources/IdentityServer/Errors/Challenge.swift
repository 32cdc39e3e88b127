import HTTPTypes

/// `WWW-Authenticate` challenges, built in this one place (RFC 9110 §11.6.1).
enum Challenge {
    /// HTTP Basic for client authentication at the token endpoint (RFC 6749 §5.2, RFC 7617).
    static let basicClient = "Basic realm=\"bi-server\""

    /// A Bearer challenge with an error (RFC 6750 §3): the description's quotes and backslashes escaped.
    static func bearer(error: String, description: String) -> String {
        "Bearer error=\"\(error)\", error_description=\"\(quoted(description))\""
    }

    /// The headers that carry `challenge`.
    static func headers(_ challenge: String) -> HTTPFields {
        [.wwwAuthenticate: challenge]
    }

    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
