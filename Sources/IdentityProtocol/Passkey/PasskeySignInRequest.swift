/// A hosted sign-in's passkey assertion: the ceremony and the browser's
/// `AuthenticationResponseJSON` (WebAuthn Level 3 §5.1; other members are ignored).
public struct PasskeySignInRequest: Codable, Sendable, Equatable {
    public struct Response: Codable, Sendable, Equatable {
        public var clientDataJSON: String
        public var authenticatorData: String
        public var signature: String
        /// The identity's id as the passkey holds it, base64url.
        public var userHandle: String?

        public init(clientDataJSON: String, authenticatorData: String, signature: String, userHandle: String? = nil) {
            self.clientDataJSON = clientDataJSON
            self.authenticatorData = authenticatorData
            self.signature = signature
            self.userHandle = userHandle
        }
    }

    public typealias Credential = PasskeyCredentialJSON<Response>

    /// The sealed ceremony the options came with.
    public var ceremony: String
    public var credential: Credential

    public init(ceremony: String, credential: Credential) {
        self.ceremony = ceremony
        self.credential = credential
    }
}
