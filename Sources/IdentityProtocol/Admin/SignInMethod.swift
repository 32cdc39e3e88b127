/// A way an application's users may sign in from a browser (its `sign_in_methods`).
public struct SignInMethod: OpenWireValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A passkey in this browser or on a security key, on the hosted sign-in page.
    public static let passkey = Self(rawValue: "passkey")
    /// The app on another device approves, from the hosted page's QR code.
    public static let crossDevice = Self(rawValue: "cross_device")
    /// `/authorize` hands the sign-in to the app on this device (its invoke URL).
    public static let sameDevice = Self(rawValue: "same_device")
    /// The app on this device, without a credential, signs in with a code mailed to the user.
    public static let emailCode = Self(rawValue: "email_code")

    /// The values this version knows, in the order the hosted page offers them.
    public static let known: [Self] = [.passkey, .crossDevice, .sameDevice, .emailCode]
}
