/// How `/authorize` hands a same-device sign-in to the application's embedded authenticator.
public struct InvocationType: OpenWireValue {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Redirects the browser to the invoke URL (the default).
    public static let automatic = Self(rawValue: "automatic")
    /// Answers `200` with JSON `{"authenticate_url": …}`, for an app that starts the sign-in
    /// itself and passes the URL to the SDK.
    public static let manual = Self(rawValue: "manual")
}
