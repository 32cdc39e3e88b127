package import IdentityStorage
import IdentityServerCore

/// What the browser that started a cross-device sign-in is shown.
package enum CrossDeviceBrowserView {
    /// Waiting: the ways the application offers, and the code and sign-in URL of the app on
    /// another device (as a QR code and text).
    case waiting(
        CrossDeviceSignInRecord, code: String, url: String, application: String, organisation: String,
        offers: [ApplicationRecord.SignInMethod])
    /// Approved by `identity`: the browser confirms before the code is minted, and then goes
    /// on to the client's `redirectOrigin` (which the page's CSP `form-action` must allow, as
    /// browsers apply it to a form's redirects).
    case confirm(application: String, identity: String, redirectOrigin: String?)
    /// Approved and completed now: continue to the client's redirect with the code.
    case continueTo(String)
    /// Over: why, and where to send the user back (the client's redirect with an error), if anywhere.
    case ended(Ending, application: String, back: String?)

    /// Why a sign-in is over for the browser.
    package enum Ending: String {
        case declined, cancelled, expired, completed
    }
}
