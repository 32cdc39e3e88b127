public import Foundation

/// Every error the SDK reports.
///
/// Cases that come from the server carry the server's `error_description`, so a developer can
/// see why a request was refused.
public enum BISDKError: Error, Sendable, Equatable {
    /// No local credential fits the request (none for the transaction's realm, or an unknown handle).
    case credentialNotFound
    /// A failure described only by text.
    case description(String)
    /// The server could not be reached (connection refused, timeout, TLS failure); nothing was changed.
    case serverUnreachable(String)
    /// The server answered with an error this type has no specific case for.
    case serverError(status: Int, code: String, description: String?)
    /// The server answered something that is not the protocol (wrong status, undecodable body).
    case invalidServerResponse(String)
    /// The enrollment link is unknown, expired or already used (`invalid_binding_token`).
    case invalidBindingToken(String?)
    /// The authentication transaction is unknown, expired or already used (`invalid_transaction`).
    case invalidTransaction(String?)
    /// The credential has been revoked on the server (`credential_revoked`).
    case credentialRevoked(String?)
    /// The identity that owns the credential is suspended or deleted (`identity_inactive`).
    case identityInactive(String?)
    /// The authorization server refused the authorization request (RFC 6749 §4.1.2.1) or the
    /// code exchange (RFC 6749 §5.2), with its error code and description.
    case authorizationFailed(code: String, description: String?)
    /// A link or URL is not one the SDK understands.
    case invalidLink(String)
    /// A link, URL or credential names an API base URL other than the configured server.
    case otherServer(apiBaseURL: String)
    /// The sign-in (invoke URL) was started by another application than the one the SDK is
    /// configured for: configure the SDK with that `clientID` to answer it.
    case otherApplication(clientID: String)
    /// The `state` returned with an authorization response is not the one the SDK sent.
    case stateMismatch
    /// The ID token failed verification for the given reason.
    case invalidIDToken(IDTokenFailure)
    /// Several credentials fit and no `onSelectCredential` was given to choose one.
    case credentialSelectionRequired
    /// The user cancelled (credential selection or passphrase prompt), or the app cancelled
    /// the task making the call.
    case userCancelled
    /// The passphrase does not unseal the credential's private key.
    case wrongPassphrase
    /// The device could not verify the user for a key that requires it (biometry locked out
    /// or changed, no passcode); ``userCancelled`` when the user dismissed the prompt.
    case userVerificationFailed(UserVerificationFailure)
    /// The key store failed to read or write a credential.
    case keyStoreFailure(String)
    /// Adding a credential to another device (extending or importing) failed.
    case extensionFailed(ExtensionFailure)
    /// The sign-in cannot be renewed: its session ended (signed out, revoked, expired, a
    /// refresh token used twice) or the credential that signed in was revoked. Sign in again.
    case sessionEnded(String?)
}

extension BISDKError: LocalizedError {
    /// A sentence describing the error, including the server's description when it gave one.
    public var errorDescription: String? {
        switch self {
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
            "The enrollment link is invalid, expired or already used" + Self.detail(description)
        case let .invalidTransaction(description):
            "The sign-in request is invalid, expired or already used" + Self.detail(description)
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
        }
    }

    private static func detail(_ description: String?) -> String {
        description.map { ": \($0)" } ?? "."
    }
}
