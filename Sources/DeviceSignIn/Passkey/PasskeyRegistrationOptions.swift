/// The answer of ``IdentityProtocol/PasskeyAPI/registrationOptions``: the options for the
/// browser, and the sealed ceremony to send back with its answer.
package struct PasskeyRegistrationOptions: Encodable, Sendable {
    let ceremony: String
    let publicKey: PasskeyCreationOptions

    enum CodingKeys: String, CodingKey {
        case ceremony
        case publicKey = "public_key"
    }
}
