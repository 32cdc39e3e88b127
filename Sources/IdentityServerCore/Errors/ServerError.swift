package import HTTPTypes
package import Hummingbird
package import IdentityProtocol

/// The one error the server answers with: its HTTP status, its wire code, a description safe
/// to show a developer, and any headers (`WWW-Authenticate`, `Retry-After`). As a Hummingbird
/// `HTTPResponseError` it answers for itself with `{"error", "error_description"}`. Errors are
/// equal when their status and code are, so tests state exactly which one they expect.
package struct ServerError: HTTPResponseError, Equatable, CustomStringConvertible {
    /// The wire code, of the API family that answers it.
    package enum Code: Hashable, Sendable {
        /// OAuth 2.0 / OpenID Connect endpoints (RFC 6749, 6750, OIDC Core).
        case oauth(OAuthErrorCode)
        /// The device and admin APIs.
        case api(APIErrorCode)

        /// The `error` member.
        package var wire: String {
            switch self {
            case let .oauth(code): code.rawValue
            case let .api(code): code.rawValue
            }
        }
    }

    package let status: HTTPResponse.Status
    package let code: Code
    /// The `error_description`: says what is wrong, never a secret.
    package let description: String
    package let headers: HTTPFields

    /// An error of the device or admin API, with the status its code implies unless given.
    package init(_ code: APIErrorCode, _ description: String, status: HTTPResponse.Status? = nil, headers: HTTPFields = [:]) {
        self.init(status: status ?? code.status, code: .api(code), description: description, headers: headers)
    }

    /// An OAuth error, with the status its code implies unless given.
    package init(_ code: OAuthErrorCode, _ description: String, status: HTTPResponse.Status? = nil, headers: HTTPFields = [:]) {
        self.init(status: status ?? code.status, code: .oauth(code), description: description, headers: headers)
    }

    private init(status: HTTPResponse.Status, code: Code, description: String, headers: HTTPFields) {
        self.status = status
        self.code = code
        self.description = description
        self.headers = headers
    }

    package func response(from request: Request, context: some RequestContext) throws -> Response {
        try JSONResponse.make(body, status: status, headers: headers)
    }

    /// The JSON body.
    package var body: APIErrorBody { APIErrorBody(error: code.wire, errorDescription: description) }

    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.status == rhs.status && lhs.code == rhs.code
    }
}
