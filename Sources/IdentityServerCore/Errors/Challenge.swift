import Foundation
package import HTTPTypes

/// `WWW-Authenticate` challenges, built in this one place (RFC 9110 §11.6.1).
package enum Challenge {
    /// HTTP Basic for client authentication at the token endpoint (RFC 6749 §5.2, RFC 7617).
    package static let basicClient = "Basic realm=\"bi-server\""

    /// A Bearer challenge with an error (RFC 6750 §3): the description's quotes and backslashes escaped.
    package static func bearer(error: String, description: String) -> String {
        with(scheme: "Bearer", error: error, description: description)
    }

    /// A challenge of `scheme` with an error and its description.
    package static func with(scheme: String, error: String, description: String) -> String {
        "\(scheme) error=\"\(error)\", error_description=\"\(quoted(description))\""
    }

    /// A DPoP challenge (RFC 9449 §7.1) naming the one algorithm accepted, with an error when
    /// there is one.
    package static func dpop(error: String? = nil, description: String? = nil) -> String {
        var parameters = [String]()
        if let error { parameters.append("error=\"\(error)\"") }
        if let description { parameters.append("error_description=\"\(quoted(description))\"") }
        parameters.append("algs=\"ES256\"")
        return "DPoP " + parameters.joined(separator: ", ")
    }

    /// The headers that carry `challenge`.
    package static func headers(_ challenge: String) -> HTTPFields {
        [.wwwAuthenticate: challenge]
    }

    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
