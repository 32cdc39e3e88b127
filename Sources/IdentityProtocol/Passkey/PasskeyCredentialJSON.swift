/// A `PublicKeyCredential` as the browser's `toJSON()` gives it (WebAuthn Level 3 §5.1), with the
/// response of its ceremony: an attestation (registration) or an assertion (sign-in). Members
/// the server does not read are ignored.
public struct PasskeyCredentialJSON<Response: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// The credential ID, base64url.
    public var id: String
    /// `public-key`.
    public var type: String
    public var response: Response

    public init(id: String, type: String = "public-key", response: Response) {
        self.id = id
        self.type = type
        self.response = response
    }
}
