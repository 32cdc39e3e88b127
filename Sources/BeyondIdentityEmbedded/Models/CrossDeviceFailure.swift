/// Why a sign-in on another device could not be looked up, approved or declined.
public enum CrossDeviceFailure: Sendable, Equatable, CustomStringConvertible {
    /// No sign-in has the URL's code: mistyped, or its sign-in is gone.
    case unknownCode
    /// Nobody approved the sign-in in time; start again in the browser.
    case expired
    /// The sign-in was approved or declined already, on this or another device.
    case alreadyDecided
    /// Too many attempts from this network; try again after `retryAfter` seconds.
    case rateLimited(retryAfter: Int?)

    /// A short reason, for logs and ``BISDKError/errorDescription``.
    public var description: String {
        switch self {
        case .unknownCode: "no sign-in has this code; check it, or start again in the browser"
        case .expired: "the sign-in has expired; start again in the browser"
        case .alreadyDecided: "the sign-in was approved or declined already"
        case let .rateLimited(retryAfter): "too many attempts; retry in \(retryAfter.map { "\($0) s" } ?? "a minute")"
        }
    }
}
