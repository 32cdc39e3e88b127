/// The body of ``IdentityProtocol/PasskeyAPI/registration``: the link's token, the ceremony, and
/// the browser's `RegistrationResponseJSON` (WebAuthn Level 3 §5.1; what `credential.toJSON()`
/// gives; other members are ignored).
package struct PasskeyRegistrationRequest: Decodable, Sendable {
    package struct Credential: Decodable, Sendable {
        package struct Response: Decodable, Sendable {
            let clientDataJSON: String
            let attestationObject: String
            let transports: [String]?
        }

        let id: String
        let type: String
        let response: Response
    }

    let bindingToken: String
    let ceremony: String
    let credential: Credential

    enum CodingKeys: String, CodingKey {
        case bindingToken = "binding_token"
        case ceremony, credential
    }
}
