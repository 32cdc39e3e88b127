/// The body of ``PasskeyAPI/registration``: the link's token, the ceremony, and the browser's
/// `RegistrationResponseJSON` (WebAuthn Level 3 §5.1; what `credential.toJSON()` gives; other
/// members are ignored).
public struct PasskeyRegistrationRequest: Codable, Sendable, Equatable {
    public struct Response: Codable, Sendable, Equatable {
        public var clientDataJSON: String
        public var attestationObject: String
        public var transports: [String]?

        public init(clientDataJSON: String, attestationObject: String, transports: [String]? = nil) {
            self.clientDataJSON = clientDataJSON
            self.attestationObject = attestationObject
            self.transports = transports
        }
    }

    public typealias Credential = PasskeyCredentialJSON<Response>

    public var bindingToken: String
    /// The sealed ceremony the options came with.
    public var ceremony: String
    public var credential: Credential

    public init(bindingToken: String, ceremony: String, credential: Credential) {
        self.bindingToken = bindingToken
        self.ceremony = ceremony
        self.credential = credential
    }

    enum CodingKeys: String, CodingKey {
        case bindingToken = "binding_token"
        case ceremony, credential
    }
}
