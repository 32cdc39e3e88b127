/// A hosted sign-in's passkey assertion: the ceremony and the browser's
/// `AuthenticationResponseJSON` (WebAuthn Level 3 §5.1; other members are ignored).
package struct PasskeySignInRequest: Decodable, Sendable {
    package struct Credential: Decodable, Sendable {
        package struct Response: Decodable, Sendable {
            let clientDataJSON: String
            let authenticatorData: String
            let signature: String
            let userHandle: String?
        }

        let id: String
        let type: String
        let response: Response
    }

    let ceremony: String
    let credential: Credential
}
