/// Where an application's users approve a browser sign-in.
public struct SignInDevices: OpenWireValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The browser hands the sign-in to the app on the same device (the default).
    public static let sameDevice = Self(rawValue: "same_device")
    /// The browser shows a QR code that the app on another device approves.
    public static let crossDevice = Self(rawValue: "cross_device")
    /// The browser offers both.
    public static let both = Self(rawValue: "both")

    /// The values this version knows.
    public static let known: [Self] = [.sameDevice, .crossDevice, .both]
}
