import IdentityServerCore

/// What the waiting page shows.
package struct WaitingPage: Sendable {
    package let assets: String
    package let application: String
    /// The page's own path (its status and this-device links hang under it).
    package let page: String
    package let qr: String
    package let qrSize: Int
    package let code: String
    package let url: String
    package let secondsLeft: Int
    package let timeLeft: String
    package let offerThisDevice: Bool
    /// Whether the page offers to sign in with a passkey in this browser.
    package let offerPasskey: Bool
}
