import HTTPTypes
import IdentityProtocol
package import IdentityStorage

extension ServerError {
    /// `400 invalid_request`: the request is malformed.
    package static func invalidRequest(_ description: String) -> Self {
        Self(APIErrorCode.invalidRequest, description)
    }

    /// `404 not_found`.
    package static func notFound(_ description: String) -> Self {
        Self(APIErrorCode.notFound, description)
    }

    /// `401 invalid_client` (RFC 6749 §5.2), with a Basic challenge when the client tried Basic.
    package static func invalidClient(_ description: String, triedBasic: Bool) -> Self {
        Self(OAuthErrorCode.invalidClient, description, headers: triedBasic ? Challenge.headers(Challenge.basicClient) : [:])
    }

    /// `401 invalid_token` with its Bearer challenge (RFC 6750 §3.1), and any other challenge
    /// in a field of its own.
    package static func invalidToken(_ description: String, alsoChallenging other: String? = nil) -> Self {
        let code = OAuthErrorCode.invalidToken
        var headers = Challenge.headers(Challenge.bearer(error: code.rawValue, description: description))
        if let other { headers.append(HTTPField(name: .wwwAuthenticate, value: other)) }
        return Self(code, description, headers: headers)
    }

    /// `403 insufficient_scope` with a challenge of the token's `scheme` (`Bearer`, RFC 6750 §3.1;
    /// `DPoP`, RFC 9449 §7.1) naming the scope needed.
    package static func insufficientScope(_ description: String, needed scope: String, scheme: String = "Bearer") -> Self {
        let code = OAuthErrorCode.insufficientScope
        let challenge = Challenge.with(scheme: scheme, error: code.rawValue, description: description) + ", scope=\"\(scope)\""
        return Self(code, description, headers: Challenge.headers(challenge))
    }

    /// `429 rate_limited` with `Retry-After` seconds.
    package static func rateLimited(_ description: String, retryAfter: Int) -> Self {
        Self(APIErrorCode.rateLimited, description, headers: [.retryAfter: String(retryAfter)])
    }

    /// A storage error as the API answers it: `404 not_found` or `409 conflict`; anything else
    /// is not the caller's fault and stays unexpected (a 500).
    package static func from(_ error: StorageError) -> any Error {
        switch error {
        case .notFound: Self.notFound("no such resource")
        case .alreadyExists: Self(APIErrorCode.conflict, "a resource with the same unique key exists")
        default: error
        }
    }
}
