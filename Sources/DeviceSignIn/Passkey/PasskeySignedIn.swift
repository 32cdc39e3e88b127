/// The answer of a passkey sign-in: where the browser goes on to (the client, with its code).
package struct PasskeySignedIn: Encodable, Sendable {
    let redirect: String
}
