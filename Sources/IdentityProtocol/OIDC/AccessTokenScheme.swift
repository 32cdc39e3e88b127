/// How an access token is presented in `Authorization`: as a bearer token (RFC 6750 §2.1) or a
/// DPoP-bound one with its proof (RFC 9449 §7.1). Schemes compare without case (RFC 9110 §11.1).
public enum AccessTokenScheme: String, Sendable {
    /// `Bearer`.
    case bearer
    /// `DPoP`.
    case dpop

    /// The scheme's name as requests and challenges spell it.
    public var name: String {
        switch self {
        case .bearer: "Bearer"
        case .dpop: "DPoP"
        }
    }

    /// The scheme and token of an `Authorization` field; `nil` when there is none, it names
    /// another scheme, or the token is empty.
    public static func parse(_ authorization: String?) -> (scheme: AccessTokenScheme, token: String)? {
        guard let authorization, let space = authorization.firstIndex(of: " "),
              let scheme = AccessTokenScheme(rawValue: authorization[..<space].lowercased())
        else { return nil }
        let token = authorization[space...].trimmingHTTPWhitespace
        return token.isEmpty ? nil : (scheme, String(token))
    }
}
