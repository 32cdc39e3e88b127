extension ApplicationRecord {
    /// Where an application's users approve a browser sign-in; stored as its raw value.
    public enum SignInDevices: String, Sendable, CaseIterable {
        /// The browser hands the sign-in to the app on the same device (the invoke URL).
        case sameDevice = "same_device"
        /// The browser shows a QR code that the app on another device approves.
        case crossDevice = "cross_device"
        /// The browser offers both: the app on this device, or a QR code for another one.
        case both
    }
}
