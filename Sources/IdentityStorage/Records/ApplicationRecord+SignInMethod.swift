extension ApplicationRecord {
    /// A way an application's users may sign in from a browser; stored as its raw value, in a
    /// JSON list in ``allCases``' order.
    public enum SignInMethod: String, Sendable, CaseIterable {
        /// A passkey in this browser or on a security key, on the hosted sign-in page.
        case passkey
        /// The hosted page's QR code, approved by the app on another device.
        case crossDevice = "cross_device"
        /// `/authorize` hands the sign-in to the app on this device (the invoke URL).
        case sameDevice = "same_device"
        /// The app on this device, without a credential, signs in with a code mailed to the user.
        case emailCode = "email_code"
    }
}
