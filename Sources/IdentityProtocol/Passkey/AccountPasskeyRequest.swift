/// `POST {issuer}/account/passkeys`: a passkey the browser created on the account page, for
/// the sealed ceremony its options came with.
public struct AccountPasskeyRequest: Codable, Sendable, Equatable {
    /// The sealed ceremony the options came with.
    public var ceremony: String
    public var credential: PasskeyRegistrationRequest.Credential

    public init(ceremony: String, credential: PasskeyRegistrationRequest.Credential) {
        self.ceremony = ceremony
        self.credential = credential
    }
}
