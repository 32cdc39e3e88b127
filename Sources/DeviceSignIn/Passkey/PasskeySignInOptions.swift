/// The answer of a hosted sign-in's passkey options: the options for the browser, and the
/// sealed ceremony to send back with its assertion.
package struct PasskeySignInOptions: Encodable, Sendable {
    let ceremony: String
    let publicKey: PasskeyRequestOptions

    enum CodingKeys: String, CodingKey {
        case ceremony
        case publicKey = "public_key"
    }
}
