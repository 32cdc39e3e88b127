/// The routes of passkeys in the browser (WebAuthn), which the hosted pages' script calls.
public enum PasskeyAPI {
    /// `POST {"binding_token"}` → the creation options for an enrollment link's identity, and
    /// the sealed ceremony to send back with the new credential.
    public static let registrationOptions = "/v1/passkeys/registration/options"
    /// `POST {"binding_token", "ceremony", "credential"}` → `201 {"credential_id"}`: verifies the
    /// browser's registration and binds the passkey, using up the link.
    public static let registration = "/v1/passkeys/registration"
    /// The page script.
    public static let script = "/v1/assets/passkey.js"
}
