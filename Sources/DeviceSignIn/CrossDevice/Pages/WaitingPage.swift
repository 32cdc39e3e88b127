import IdentityServerCore
package import IdentityStorage

/// What the waiting page shows.
package struct WaitingPage: Sendable {
    package let assets: String
    package let application: String
    /// Whose sign-in it is: the realm's name.
    package let organisation: String
    /// The server's host, which the user can check against the address bar.
    package let host: String
    /// The page's own path (its status and this-device links hang under it).
    package let page: String
    package let qr: String
    package let qrSize: Int
    package let code: String
    package let url: String
    package let secondsLeft: Int
    package let timeLeft: String
    /// Whether the page offers to sign in with a passkey in this browser.
    package let offerPasskey: Bool
    /// Whether it shows the QR code for the app on another device.
    package let offerOtherDevice: Bool
    /// Whether it offers to hand the sign-in to the app on this device.
    package let offerThisDevice: Bool
    /// Whether it offers the app at all (on this device or another).
    package let offerApp: Bool
    /// Whether it offers the app in two ways, so the QR code folds away under the first.
    package let offerBothDevices: Bool

    /// The page offering `offers` (the template reads stored properties only).
    package init(
        assets: String, application: String, organisation: String, host: String, page: String, qr: String, qrSize: Int, code: String, url: String,
        secondsLeft: Int, timeLeft: String, offers: [ApplicationRecord.SignInMethod]
    ) {
        (self.assets, self.application, self.page, self.qr, self.qrSize, self.code, self.url) = (assets, application, page, qr, qrSize, code, url)
        (self.organisation, self.host) = (organisation, host)
        (self.secondsLeft, self.timeLeft) = (secondsLeft, timeLeft)
        offerPasskey = offers.contains(.passkey)
        offerOtherDevice = offers.contains(.crossDevice)
        offerThisDevice = offers.contains(.sameDevice)
        offerApp = offerOtherDevice || offerThisDevice
        offerBothDevices = offerOtherDevice && offerThisDevice
    }
}
