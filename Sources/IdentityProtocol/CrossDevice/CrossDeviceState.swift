/// Where a cross-device sign-in stands.
public struct CrossDeviceState: OpenWireValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Waiting for a device to approve or decline.
    public static let pending = Self(rawValue: "pending")
    /// Approved; the browser that started it continues to the application.
    public static let approved = Self(rawValue: "approved")
    /// Declined on the device.
    public static let declined = Self(rawValue: "declined")
    /// The browser continued to the application.
    public static let completed = Self(rawValue: "completed")
    /// Nobody approved in time.
    public static let expired = Self(rawValue: "expired")
}
