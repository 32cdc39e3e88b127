/// `PublicKeyCredentialRequestOptionsJSON` (WebAuthn Level 3 §5.1.2): what the page hands
/// `navigator.credentials.get`. No credentials are listed: the browser offers the passkeys it
/// holds for the RP ID (discoverable), so the page asks no username and reveals none.
package struct PasskeyRequestOptions: Encodable, Sendable {
    let challenge: String
    let rpId: String
    /// Milliseconds.
    let timeout: Int
    let userVerification: String
    var allowCredentials: [PasskeyCreationOptions.Descriptor] = []
}
