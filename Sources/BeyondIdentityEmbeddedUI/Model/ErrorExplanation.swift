public import BeyondIdentityEmbedded

/// A failure in words a user understands, and which ways out make sense for it.
public struct ErrorExplanation: Sendable, Hashable {
    /// The heading.
    public var title: String
    /// What happened and what to do.
    public var message: String
    /// Whether the same step may succeed if tried again.
    public var canRetry: Bool
    /// Whether recovering the account is a way out.
    public var suggestsRecovery: Bool

    /// Explains `error` with `strings`.
    public init(_ error: BISDKError, strings: UIStrings) {
        typealias Key = UIStrings.Key
        func explained(_ title: Key, _ message: Key, retry: Bool, recover: Bool = false, _ argument: String = "") -> Self {
            Self(title: strings[title], message: strings[message, argument], canRetry: retry, suggestsRecovery: recover)
        }
        if let failure = error.extensionFailure {
            self = Self.explaining(failure, strings: strings)
            return
        }
        if let failure = error.crossDeviceFailure {
            self = Self.explaining(failure, strings: strings)
            return
        }
        if let failure = error.emailCodeFailure {
            self = switch failure {
            case .invalidChallenge: explained(.errorEmailCodeUsedUpTitle, .errorEmailCodeUsedUpMessage, retry: false)
            case .expired: explained(.errorEmailCodeExpiredTitle, .errorEmailCodeExpiredMessage, retry: false)
            case .notOffered: explained(.errorEmailCodeNotOfferedTitle, .errorEmailCodeNotOfferedMessage, retry: false, recover: true)
            case let .rateLimited(retryAfter): explained(.errorRateLimitedTitle, .errorRateLimitedMessage, retry: true, "\(retryAfter ?? 60)")
            }
            return
        }
        self = switch error {
        case .credentialRevoked: explained(.errorRevokedTitle, .errorRevokedMessage, retry: false, recover: true)
        case .identityInactive: explained(.errorSuspendedTitle, .errorSuspendedMessage, retry: false)
        case .serverUnreachable: explained(.errorUnreachableTitle, .errorUnreachableMessage, retry: true)
        case .invalidBindingToken, .invalidLink, .otherServer:
            explained(.errorLinkTitle, .errorLinkMessage, retry: false, recover: true)
        case .credentialNotFound: explained(.errorNotFoundTitle, .errorNotFoundMessage, retry: false, recover: true)
        case .wrongPassphrase: explained(.errorPassphraseTitle, .errorPassphraseMessage, retry: true)
        default: explained(.errorGenericTitle, .errorGenericMessage, retry: true, error.errorDescription ?? "\(error)")
        }
    }

    private init(title: String, message: String, canRetry: Bool, suggestsRecovery: Bool) {
        self.title = title
        self.message = message
        self.canRetry = canRetry
        self.suggestsRecovery = suggestsRecovery
    }

    private static func explaining(_ failure: CrossDeviceFailure, strings: UIStrings) -> Self {
        let (title, message, argument): (UIStrings.Key, UIStrings.Key, String) = switch failure {
        case .unknownCode: (.errorSignInCodeTitle, .errorSignInCodeMessage, "")
        case .expired: (.errorSignInExpiredTitle, .errorSignInExpiredMessage, "")
        case .alreadyDecided: (.errorSignInDecidedTitle, .errorSignInDecidedMessage, "")
        case let .rateLimited(retryAfter): (.errorRateLimitedTitle, .errorRateLimitedMessage, "\(retryAfter ?? 60)")
        }
        let canRetry = if case .rateLimited = failure { true } else { false }
        return Self(title: strings[title], message: strings[message, argument], canRetry: canRetry, suggestsRecovery: false)
    }

    private static func explaining(_ failure: ExtensionFailure, strings: UIStrings) -> Self {
        let (title, message): (UIStrings.Key, UIStrings.Key) = switch failure {
        case .malformedCode, .wrongCode: (.errorWrongCodeTitle, .errorWrongCodeMessage)
        case .codeExpired: (.errorCodeExpiredTitle, .errorCodeExpiredMessage)
        case .codeUsed: (.errorCodeUsedTitle, .errorCodeUsedMessage)
        case .cancelled, .otherDeviceGone, .endorsementRejected: (.errorOtherDeviceTitle, .errorOtherDeviceMessage)
        case .rateLimited: (.errorRateLimitedTitle, .errorRateLimitedMessage)
        case .alreadyRunning, .oneCredentialAtATime: (.errorGenericTitle, .errorGenericMessage)
        }
        let argument = switch failure {
        case let .rateLimited(retryAfter): "\(retryAfter ?? 60)"
        default: failure.description
        }
        return Self(title: strings[title], message: strings[message, argument], canRetry: true, suggestsRecovery: false)
    }
}
