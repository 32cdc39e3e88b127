public import BeyondIdentityEmbedded

/// How a flow ended: the failure path the original API lacked. The ``AuthFlowType`` callback
/// still receives a successful sign-in.
public enum FlowOutcome: Sendable {
    /// Signed in as a public client; the ID token is verified.
    case authenticated(TokenResponse)
    /// Signed in as a confidential client; the backend exchanges the code.
    case authorized(AuthorizationCode)
    /// The user chose to set up a new account; the app's `signUpAction` was called.
    case signUpRequested
    /// The user chose to recover the account; the app's `recoverUserAction` was called.
    case recoveryRequested
    /// The user approved a sign-in started in a browser on another device, which continues
    /// there; nothing is to be opened on this device (`AuthenticateResponse.continuesOnOtherDevice`
    /// is set).
    case signInApproved(AuthenticateResponse)
    /// The user signed in to the sign-in an invoke URL names, with a code sent by email: open
    /// ``BeyondIdentityEmbedded/AuthenticateResponse/redirectURL`` (the client's redirect with
    /// `code` and `state`). Whether the device was set up afterwards, `getCredentials()` says.
    case signedIn(AuthenticateResponse)
    /// The user declined a sign-in started in a browser on another device; nobody was signed in.
    case signInDeclined
    /// The user closed the UI (the normal end of settings).
    case closed
    /// The user closed the UI on an error screen; this is the error it showed.
    case failed(BISDKError)
    /// The app cancelled the task running the flow.
    case cancelled
}
