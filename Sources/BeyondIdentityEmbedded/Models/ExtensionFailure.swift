/// Why adding a credential to another device failed, on either device.
public enum ExtensionFailure: Sendable, Equatable, CustomStringConvertible {
    /// The code is not 9 digits.
    case malformedCode
    /// No session has this code: mistyped, or replaced by a newer one.
    case wrongCode
    /// The code (or its whole session) has expired.
    case codeExpired
    /// Another device has already used the code.
    case codeUsed
    /// The extension was cancelled on the device that showed the code.
    case cancelled
    /// The other device stopped answering.
    case otherDeviceGone
    /// The server refused the first device's endorsement of the new key.
    case endorsementRejected
    /// Too many code attempts; try again after `retryAfter` seconds.
    case rateLimited(retryAfter: Int?)
    /// This SDK instance is already running an extension; cancel it first.
    case alreadyRunning
    /// `extendCredentials` takes exactly one credential handle.
    case oneCredentialAtATime

    /// A short reason, for logs and ``BISDKError/errorDescription``.
    public var description: String {
        switch self {
        case .malformedCode: "the code must be 9 digits"
        case .wrongCode: "the code is wrong or has been replaced by a newer one"
        case .codeExpired: "the code has expired"
        case .codeUsed: "the code has already been used"
        case .cancelled: "the extension was cancelled on the other device"
        case .otherDeviceGone: "the other device stopped answering"
        case .endorsementRejected: "the server refused the endorsement of the new device's key"
        case let .rateLimited(retryAfter): "too many attempts; retry in \(retryAfter.map { "\($0) s" } ?? "a minute")"
        case .alreadyRunning: "an extension is already running; cancel it first"
        case .oneCredentialAtATime: "extend exactly one credential at a time"
        }
    }
}
