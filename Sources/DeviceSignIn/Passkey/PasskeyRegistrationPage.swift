import IdentityServerCore

/// The page of an enrollment link opened in a browser where passkeys are on: create a passkey
/// here, or open the app.
package struct PasskeyRegistrationPage: Sendable {
    /// Whose link it is.
    package struct Subject: Sendable {
        let realm: String
        let identity: String
        let appURL: String
    }

    let assets: String
    let realm: String
    let identity: String
    let app: String
    /// The link's token, for the script's requests.
    let token: String
    let options: String
    let register: String
}
