/// Why a request's access token was refused, with what to answer (RFC 6750 §3, RFC 9449 §7.1).
public enum AccessTokenError: Error, Equatable, CustomStringConvertible {
    /// No access token, or an `Authorization` scheme other than `Bearer` and `DPoP`: a `401`
    /// that challenges both, without an error code (RFC 6750 §3.1).
    case missing
    /// The token is malformed, of an unknown key, badly signed, of another issuer or audience,
    /// expired, revoked, or presented with the wrong scheme or another key's proof.
    case invalidToken(String)
    /// The DPoP proof is missing, malformed, replayed or fails a check of RFC 9449 §4.3.
    case invalidDPoPProof(String)
    /// The issuer could not be asked (its keys, or whether the token is revoked): a `503`.
    case issuerUnavailable(String)

    /// The HTTP status to answer with.
    public var status: Int {
        if case .issuerUnavailable = self { return 503 }
        return 401
    }

    /// The OAuth error code (`error`); `nil` for ``missing``.
    public var code: String? {
        switch self {
        case .missing: nil
        case .invalidToken: "invalid_token"
        case .invalidDPoPProof: "invalid_dpop_proof"
        case .issuerUnavailable: "temporarily_unavailable"
        }
    }

    /// The `WWW-Authenticate` challenges to send, one field each: for ``missing`` both schemes,
    /// otherwise the scheme the error is about; `[]` for ``issuerUnavailable(_:)``.
    public var challenges: [String] {
        switch self {
        case .missing:
            return [#"Bearer realm="api""#, #"DPoP algs="ES256""#]
        case .invalidToken(let why):
            return [#"Bearer error="invalid_token", error_description="\#(Self.quoted(why))""#,
                    #"DPoP error="invalid_token", error_description="\#(Self.quoted(why))", algs="ES256""#]
        case .invalidDPoPProof(let why):
            return [#"DPoP error="invalid_dpop_proof", error_description="\#(Self.quoted(why))", algs="ES256""#]
        case .issuerUnavailable:
            return []
        }
    }

    /// What went wrong, for the server's log (for ``issuerUnavailable(_:)``, with the detail of the failure).
    public var description: String {
        switch self {
        case .missing: "an access token is required, as Authorization: Bearer or DPoP"
        case .invalidToken(let why), .invalidDPoPProof(let why), .issuerUnavailable(let why): why
        }
    }

    /// What to tell the client (`error_description`): ``description``, except that the detail
    /// of an unreachable issuer (its URLs, the underlying error) stays in the server's log.
    public var clientDescription: String {
        if case .issuerUnavailable = self { return "the token issuer cannot be reached; try again later" }
        return description
    }

    /// An `error_description` as RFC 6750 §3 allows it: printable ASCII without `"` and `\`
    /// (a double quote becomes a single one), so nothing a client sent can break the header.
    private static func quoted(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars where (0x20...0x7E).contains(scalar.value) && scalar != "\\" {
            result.unicodeScalars.append(scalar == "\"" ? "'" : scalar)
        }
        return result
    }
}
