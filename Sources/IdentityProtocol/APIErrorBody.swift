/// The JSON body of every error the server answers: `{"error": …, "error_description": …}`.
///
/// OAuth endpoints use the error codes of RFC 6749 §4.1.2.1 and §5.2 and OIDC Core §3.1.2.6;
/// the device and admin APIs use the codes in ``APIErrorCode``.
public struct APIErrorBody: Codable, Sendable, Equatable {
    /// A machine-readable error code.
    public var error: String
    /// A human-readable explanation, safe to show to a developer.
    public var errorDescription: String?

    /// Creates an error body.
    public init(error: String, errorDescription: String? = nil) {
        self.error = error
        self.errorDescription = errorDescription
    }

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }
}
