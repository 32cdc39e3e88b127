/// The body of ``IdentityProtocol/PasskeyAPI/registrationOptions``.
package struct PasskeyRegistrationOptionsRequest: Decodable, Sendable {
    let bindingToken: String

    enum CodingKeys: String, CodingKey {
        case bindingToken = "binding_token"
    }
}
