public import Foundation

/// Every error the SDK reports.
///
/// A struct rather than an enum, so that new kinds of error can be added without breaking an
/// app's `switch`: compare ``errorType`` (or match a static member in a `case` or `catch`), and
/// read the details from the properties (``serverDescription``, ``idTokenFailure``, …).
///
/// ```swift
/// switch error {
/// case .credentialRevoked, .identityInactive: …            // by kind
/// case .userVerificationFailed(.biometryChanged): …         // one exact error
/// default: …
/// }
/// if error.errorType == .otherServer { print(error.apiBaseURL ?? "") }
/// ```
///
/// Errors that come from the server carry the server's `error_description`, so a developer can
/// see why a request was refused. Two errors are equal when they are of the same kind with the
/// same details.
public struct BISDKError: Error, Sendable, Equatable {
    /// The kind of an error, to compare (`error.errorType == .credentialNotFound`) or switch
    /// over; new kinds may be added, so a `switch` over it needs a `default`.
    public struct ErrorType: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case credentialNotFound
            case description
            case serverUnreachable
            case serverError
            case invalidServerResponse
            case invalidBindingToken
            case invalidTransaction
            case credentialRevoked
            case identityInactive
            case authorizationFailed
            case invalidLink
            case otherServer
            case otherApplication
            case stateMismatch
            case invalidIDToken
            case credentialSelectionRequired
            case userCancelled
            case wrongPassphrase
            case userVerificationFailed
            case keyStoreFailure
            case extensionFailed
            case sessionEnded
            case crossDeviceFailed
            case emailCodeFailed
            case unmetAuthenticationRequirements
        }

        let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// See ``BISDKError/credentialNotFound``.
        public static let credentialNotFound = Self(.credentialNotFound)
        /// See ``BISDKError/description(_:)``.
        public static let description = Self(.description)
        /// See ``BISDKError/serverUnreachable(_:)``.
        public static let serverUnreachable = Self(.serverUnreachable)
        /// See ``BISDKError/serverError(status:code:description:)``.
        public static let serverError = Self(.serverError)
        /// See ``BISDKError/invalidServerResponse(_:)``.
        public static let invalidServerResponse = Self(.invalidServerResponse)
        /// See ``BISDKError/invalidBindingToken(_:)``.
        public static let invalidBindingToken = Self(.invalidBindingToken)
        /// See ``BISDKError/invalidTransaction(_:)``.
        public static let invalidTransaction = Self(.invalidTransaction)
        /// See ``BISDKError/credentialRevoked(_:)``.
        public static let credentialRevoked = Self(.credentialRevoked)
        /// See ``BISDKError/identityInactive(_:)``.
        public static let identityInactive = Self(.identityInactive)
        /// See ``BISDKError/authorizationFailed(code:description:)``.
        public static let authorizationFailed = Self(.authorizationFailed)
        /// See ``BISDKError/invalidLink(_:)``.
        public static let invalidLink = Self(.invalidLink)
        /// See ``BISDKError/otherServer(apiBaseURL:)``.
        public static let otherServer = Self(.otherServer)
        /// See ``BISDKError/otherApplication(clientID:)``.
        public static let otherApplication = Self(.otherApplication)
        /// See ``BISDKError/stateMismatch``.
        public static let stateMismatch = Self(.stateMismatch)
        /// See ``BISDKError/invalidIDToken(_:)``.
        public static let invalidIDToken = Self(.invalidIDToken)
        /// See ``BISDKError/credentialSelectionRequired``.
        public static let credentialSelectionRequired = Self(.credentialSelectionRequired)
        /// See ``BISDKError/userCancelled``.
        public static let userCancelled = Self(.userCancelled)
        /// See ``BISDKError/wrongPassphrase``.
        public static let wrongPassphrase = Self(.wrongPassphrase)
        /// See ``BISDKError/userVerificationFailed(_:)``.
        public static let userVerificationFailed = Self(.userVerificationFailed)
        /// See ``BISDKError/keyStoreFailure(_:)``.
        public static let keyStoreFailure = Self(.keyStoreFailure)
        /// See ``BISDKError/extensionFailed(_:)``.
        public static let extensionFailed = Self(.extensionFailed)
        /// See ``BISDKError/sessionEnded(_:)``.
        public static let sessionEnded = Self(.sessionEnded)
        /// See ``BISDKError/crossDeviceFailed(_:)``.
        public static let crossDeviceFailed = Self(.crossDeviceFailed)
        /// See ``BISDKError/emailCodeFailed(_:)``.
        public static let emailCodeFailed = Self(.emailCodeFailed)
        /// See ``BISDKError/unmetAuthenticationRequirements(_:)``.
        public static let unmetAuthenticationRequirements = Self(.unmetAuthenticationRequirements)

        /// The kind's name, as the static member is spelled (`credentialNotFound`).
        public var description: String {
            base.rawValue
        }
    }

    /// The error with its details; private so that kinds can be added.
    enum Base: Sendable, Equatable {
        case credentialNotFound
        case description(String)
        case serverUnreachable(String)
        case serverError(status: Int, code: String, description: String?)
        case invalidServerResponse(String)
        case invalidBindingToken(String?)
        case invalidTransaction(String?)
        case credentialRevoked(String?)
        case identityInactive(String?)
        case authorizationFailed(code: String, description: String?)
        case invalidLink(String)
        case otherServer(apiBaseURL: String)
        case otherApplication(clientID: String)
        case stateMismatch
        case invalidIDToken(IDTokenFailure)
        case credentialSelectionRequired
        case userCancelled
        case wrongPassphrase
        case userVerificationFailed(UserVerificationFailure)
        case keyStoreFailure(String)
        case extensionFailed(ExtensionFailure)
        case sessionEnded(String?)
        case crossDeviceFailed(CrossDeviceFailure)
        case emailCodeFailed(EmailCodeFailure)
        case unmetAuthenticationRequirements(String?)
    }

    let base: Base

    private init(_ base: Base) {
        self.base = base
    }

    /// No local credential fits the request (none for the transaction's realm, or an unknown handle).
    public static let credentialNotFound = Self(.credentialNotFound)
    /// A failure described only by text.
    public static func description(_ text: String) -> Self { Self(.description(text)) }
    /// The server could not be reached (connection refused, timeout, TLS failure); nothing was changed.
    public static func serverUnreachable(_ reason: String) -> Self { Self(.serverUnreachable(reason)) }
    /// The server answered with an error this type has no specific kind for.
    public static func serverError(status: Int, code: String, description: String?) -> Self {
        Self(.serverError(status: status, code: code, description: description))
    }
    /// The server answered something that is not the protocol (wrong status, undecodable body).
    public static func invalidServerResponse(_ reason: String) -> Self { Self(.invalidServerResponse(reason)) }
    /// The enrollment link is unknown, expired or already used (`invalid_binding_token`).
    public static func invalidBindingToken(_ description: String?) -> Self { Self(.invalidBindingToken(description)) }
    /// The authentication transaction is unknown, expired or already used (`invalid_transaction`).
    public static func invalidTransaction(_ description: String?) -> Self { Self(.invalidTransaction(description)) }
    /// The credential has been revoked on the server (`credential_revoked`).
    public static func credentialRevoked(_ description: String?) -> Self { Self(.credentialRevoked(description)) }
    /// The identity that owns the credential is suspended or deleted (`identity_inactive`).
    public static func identityInactive(_ description: String?) -> Self { Self(.identityInactive(description)) }
    /// The authorization server refused the authorization request (RFC 6749 §4.1.2.1) or the
    /// code exchange (RFC 6749 §5.2), with its error code and description.
    public static func authorizationFailed(code: String, description: String?) -> Self {
        Self(.authorizationFailed(code: code, description: description))
    }
    /// A link or URL is not one the SDK understands.
    public static func invalidLink(_ reason: String) -> Self { Self(.invalidLink(reason)) }
    /// A link, URL or credential names an API base URL other than the configured server.
    public static func otherServer(apiBaseURL: String) -> Self { Self(.otherServer(apiBaseURL: apiBaseURL)) }
    /// The sign-in (invoke URL) was started by another application than the one the SDK is
    /// configured for: configure the SDK with that `clientID` to answer it.
    public static func otherApplication(clientID: String) -> Self { Self(.otherApplication(clientID: clientID)) }
    /// The `state` returned with an authorization response is not the one the SDK sent.
    public static let stateMismatch = Self(.stateMismatch)
    /// The ID token failed verification for the given reason.
    public static func invalidIDToken(_ failure: IDTokenFailure) -> Self { Self(.invalidIDToken(failure)) }
    /// Several credentials fit and no `onSelectCredential` was given to choose one.
    public static let credentialSelectionRequired = Self(.credentialSelectionRequired)
    /// The user cancelled (credential selection or passphrase prompt), or the app cancelled
    /// the task making the call.
    public static let userCancelled = Self(.userCancelled)
    /// The passphrase does not unseal the credential's private key.
    public static let wrongPassphrase = Self(.wrongPassphrase)
    /// The device could not verify the user for a key that requires it (biometry locked out
    /// or changed, no passcode); ``userCancelled`` when the user dismissed the prompt.
    public static func userVerificationFailed(_ failure: UserVerificationFailure) -> Self {
        Self(.userVerificationFailed(failure))
    }
    /// The key store failed to read or write a credential.
    public static func keyStoreFailure(_ reason: String) -> Self { Self(.keyStoreFailure(reason)) }
    /// Adding a credential to another device (extending or importing) failed.
    public static func extensionFailed(_ failure: ExtensionFailure) -> Self { Self(.extensionFailed(failure)) }
    /// The sign-in cannot be renewed: its session ended (signed out, revoked, expired, a
    /// refresh token used twice) or the credential that signed in was revoked. Sign in again.
    public static func sessionEnded(_ description: String?) -> Self { Self(.sessionEnded(description)) }
    /// Looking up, approving or declining a sign-in on another device (a sign-in URL) failed.
    public static func crossDeviceFailed(_ failure: CrossDeviceFailure) -> Self { Self(.crossDeviceFailed(failure)) }
    /// Asking for or redeeming an email one-time code failed (not a wrong code: that is an
    /// answer, ``RedeemOtpResponse/failedOtp(_:)``).
    public static func emailCodeFailed(_ failure: EmailCodeFailure) -> Self { Self(.emailCodeFailed(failure)) }
    /// The sign-in asks for more assurance than this way of signing in gives (OIDC's
    /// `unmet_authentication_requirements`): an email code where the application asked for a
    /// device key, for example. Sign in with a credential of this device, or register one.
    public static func unmetAuthenticationRequirements(_ description: String?) -> Self {
        Self(.unmetAuthenticationRequirements(description))
    }

    /// The kind of error.
    public var errorType: ErrorType {
        switch base {
        case .credentialNotFound: .credentialNotFound
        case .description: .description
        case .serverUnreachable: .serverUnreachable
        case .serverError: .serverError
        case .invalidServerResponse: .invalidServerResponse
        case .invalidBindingToken: .invalidBindingToken
        case .invalidTransaction: .invalidTransaction
        case .credentialRevoked: .credentialRevoked
        case .identityInactive: .identityInactive
        case .authorizationFailed: .authorizationFailed
        case .invalidLink: .invalidLink
        case .otherServer: .otherServer
        case .otherApplication: .otherApplication
        case .stateMismatch: .stateMismatch
        case .invalidIDToken: .invalidIDToken
        case .credentialSelectionRequired: .credentialSelectionRequired
        case .userCancelled: .userCancelled
        case .wrongPassphrase: .wrongPassphrase
        case .userVerificationFailed: .userVerificationFailed
        case .keyStoreFailure: .keyStoreFailure
        case .extensionFailed: .extensionFailed
        case .sessionEnded: .sessionEnded
        case .crossDeviceFailed: .crossDeviceFailed
        case .emailCodeFailed: .emailCodeFailed
        case .unmetAuthenticationRequirements: .unmetAuthenticationRequirements
        }
    }

    /// The server's `error_description`, for the errors that come from the server
    /// (``ErrorType/serverError``, ``ErrorType/invalidBindingToken``, ``ErrorType/invalidTransaction``,
    /// ``ErrorType/credentialRevoked``, ``ErrorType/identityInactive``,
    /// ``ErrorType/authorizationFailed``, ``ErrorType/sessionEnded``,
    /// ``ErrorType/unmetAuthenticationRequirements``) when it gave one.
    public var serverDescription: String? {
        switch base {
        case let .serverError(_, _, description), let .authorizationFailed(_, description),
             let .invalidBindingToken(description), let .invalidTransaction(description),
             let .credentialRevoked(description), let .identityInactive(description), let .sessionEnded(description),
             let .unmetAuthenticationRequirements(description):
            description
        default: nil
        }
    }

    /// The error code the server answered with (`error`), for ``ErrorType/serverError`` and
    /// ``ErrorType/authorizationFailed``.
    public var serverErrorCode: String? {
        switch base {
        case let .serverError(_, code, _), let .authorizationFailed(code, _): code
        default: nil
        }
    }

    /// The HTTP status of a ``ErrorType/serverError``.
    public var status: Int? {
        if case let .serverError(status, _, _) = base { status } else { nil }
    }

    /// The text of the errors described by text (`ErrorType.description`,
    /// ``ErrorType/serverUnreachable``, ``ErrorType/invalidServerResponse``,
    /// ``ErrorType/invalidLink``, ``ErrorType/keyStoreFailure``).
    public var reason: String? {
        switch base {
        case let .description(text), let .serverUnreachable(text), let .invalidServerResponse(text),
             let .invalidLink(text), let .keyStoreFailure(text):
            text
        default: nil
        }
    }

    /// The API base URL of an ``ErrorType/otherServer`` error.
    public var apiBaseURL: String? {
        if case let .otherServer(apiBaseURL) = base { apiBaseURL } else { nil }
    }

    /// The client id of an ``ErrorType/otherApplication`` error.
    public var clientID: String? {
        if case let .otherApplication(clientID) = base { clientID } else { nil }
    }

    /// Why the ID token was rejected, for ``ErrorType/invalidIDToken``.
    public var idTokenFailure: IDTokenFailure? {
        if case let .invalidIDToken(failure) = base { failure } else { nil }
    }

    /// Why the user could not be verified, for ``ErrorType/userVerificationFailed``.
    public var userVerificationFailure: UserVerificationFailure? {
        if case let .userVerificationFailed(failure) = base { failure } else { nil }
    }

    /// Why adding a credential to another device failed, for ``ErrorType/extensionFailed``.
    public var extensionFailure: ExtensionFailure? {
        if case let .extensionFailed(failure) = base { failure } else { nil }
    }

    /// Why a sign-in on another device failed, for ``ErrorType/crossDeviceFailed``.
    public var crossDeviceFailure: CrossDeviceFailure? {
        if case let .crossDeviceFailed(failure) = base { failure } else { nil }
    }

    /// Why asking for or redeeming an email code failed, for ``ErrorType/emailCodeFailed``.
    public var emailCodeFailure: EmailCodeFailure? {
        if case let .emailCodeFailed(failure) = base { failure } else { nil }
    }

    /// Matches an error by kind, so `case .credentialRevoked, .identityInactive:` and
    /// `catch .invalidBindingToken` read as they did when this type was an enum. (Disfavoured so
    /// that `case .userCancelled:`, a kind without details, picks the exact error, which is the same.)
    @_disfavoredOverload
    public static func ~= (pattern: ErrorType, error: BISDKError) -> Bool {
        error.errorType == pattern
    }

    /// Matches an error of unknown type against one exact SDK error (`catch BISDKError.userCancelled`).
    public static func ~= (pattern: BISDKError, error: any Error) -> Bool {
        (error as? BISDKError) == pattern
    }
}

extension BISDKError: CustomStringConvertible {
    /// The kind and its details, as `print` showed them when this type was an enum
    /// (`credentialNotFound`, `serverError(status: 500, code: "server_error", description: nil)`).
    public var description: String {
        String(describing: base)
    }
}

extension BISDKError: LocalizedError {
    /// A sentence describing the error, including the server's description when it gave one.
    public var errorDescription: String? {
        switch base {
        case .credentialNotFound:
            "No credential found on this device for this request."
        case let .description(text):
            text
        case let .serverUnreachable(reason):
            "The server could not be reached: \(reason)"
        case let .serverError(status, code, description):
            "The server answered \(status) \(code)" + Self.detail(description)
        case let .invalidServerResponse(reason):
            "The server's answer is not understood: \(reason)"
        case let .invalidBindingToken(description):
            "The enrollment link cannot be used: \(description ?? "it is invalid, expired or already used"). Ask for a new link."
        case let .invalidTransaction(description):
            "The sign-in request cannot be used: \(description ?? "it is invalid, expired or already used"). Start the sign-in again."
        case let .credentialRevoked(description):
            "The credential has been revoked" + Self.detail(description)
        case let .identityInactive(description):
            "The user is suspended or deleted" + Self.detail(description)
        case let .authorizationFailed(code, description):
            "Authorization failed: \(code)" + Self.detail(description)
        case let .invalidLink(reason):
            "The link is not valid: \(reason)"
        case let .otherApplication(clientID):
            "This sign-in was started by another application (client id \(clientID)); configure the SDK with that client id to answer it."
        case let .otherServer(apiBaseURL):
            "The link or credential belongs to another server (\(apiBaseURL))."
        case .stateMismatch:
            "The authorization response does not match the request (state mismatch)."
        case let .invalidIDToken(failure):
            "The ID token is not valid: \(failure)"
        case .credentialSelectionRequired:
            "Several credentials fit; pass onSelectCredential to choose one."
        case .userCancelled:
            "The user cancelled."
        case .wrongPassphrase:
            "The passphrase is wrong."
        case let .userVerificationFailed(failure):
            switch failure {
            case .biometryLockedOut: "Biometry is locked after too many attempts; unlock the device with its passcode first."
            case .biometryChanged: "The enrolled biometry changed, so this credential's key can no longer be used; register this device again."
            case .biometryUnavailable: "This credential needs biometry, which is not set up on this device."
            case .passcodeNotSet: "This credential needs a device passcode; set one in Settings."
            case .failed: "The user could not be verified."
            }
        case let .keyStoreFailure(reason):
            "The key store failed: \(reason)"
        case let .extensionFailed(failure):
            "Adding the credential to another device failed: \(failure)"
        case let .sessionEnded(description):
            "The session has ended; sign in again\(Self.detail(description))"
        case let .crossDeviceFailed(failure):
            "The sign-in on the other device cannot be answered: \(failure)"
        case let .emailCodeFailed(failure):
            "Signing in with an email code failed: \(failure)"
        case let .unmetAuthenticationRequirements(description):
            "This sign-in asks for more than this way of signing in gives" + Self.detail(description)
        }
    }

    private static func detail(_ description: String?) -> String {
        description.map { ": \($0)" } ?? "."
    }
}
