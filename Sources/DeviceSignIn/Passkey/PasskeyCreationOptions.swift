/// `PublicKeyCredentialCreationOptionsJSON` (WebAuthn Level 3 §5.1.1): what the page hands
/// `navigator.credentials.create` (after `PublicKeyCredential.parseCreationOptionsFromJSON`).
/// Bytes are base64url; keys are the specification's.
package struct PasskeyCreationOptions: Encodable, Sendable {
    package struct RelyingParty: Encodable, Sendable {
        let id: String
        let name: String
    }

    package struct User: Encodable, Sendable {
        /// The user handle: the identity's id, which says nothing of the person.
        let id: String
        let name: String
        let displayName: String
    }

    package struct Parameters: Encodable, Sendable {
        var type = "public-key"
        let alg: Int
    }

    package struct AuthenticatorSelection: Encodable, Sendable {
        /// A discoverable credential, so that signing in asks no username.
        var residentKey = "required"
        var requireResidentKey = true
        let userVerification: String
    }

    package struct Descriptor: Encodable, Sendable {
        var type = "public-key"
        let id: String
    }

    let rp: RelyingParty
    let user: User
    let challenge: String
    let pubKeyCredParams: [Parameters]
    /// Milliseconds.
    let timeout: Int
    let authenticatorSelection: AuthenticatorSelection
    /// `none`: no proof of the authenticator's model is asked (nor shown to anyone); `direct`
    /// where the realm's policy names attestation roots.
    let attestation: String
    /// The identity's passkeys already registered, so that one authenticator does not get two.
    let excludeCredentials: [Descriptor]
}
