public import BeyondIdentityEmbedded

/// What the user did on a screen; a presenter returns one of the screen's ``Screen/actions``
/// (or ``submit(_:)`` on a screen with an ``Screen/input``).
public enum UserAction: Sendable, Hashable {
    /// Sign in with this credential.
    case signIn(Credential.Handle)
    /// Replace the credential on this device ("not you?").
    case replace
    /// Confirm the destructive step the screen warns about.
    case confirm
    /// Set up a new account (the app's `signUpAction`).
    case signUp
    /// Add this device from another device, by code.
    case addFromAnotherDevice
    /// Recover an account (the app's `recoverUserAction`).
    case recover
    /// Open the support page or mail address.
    case support
    /// Explain what a credential is.
    case explain
    /// Show a credential's details.
    case details(Credential.Handle)
    /// Show the code that adds this credential to another device.
    case extend(Credential.Handle)
    /// Delete this credential (asks for confirmation first).
    case delete(Credential.Handle)
    /// Add a credential on this device (settings).
    case addCredential
    /// Approve the sign-in on another device the screen shows.
    case approve
    /// Decline the sign-in on another device the screen shows.
    case decline
    /// Sign in with a one-time code sent by email (a device without a credential).
    case emailCode
    /// The text the user typed (or scanned) into the screen's input.
    case submit(String)
    /// Try the failed step again.
    case retry
    /// Go back to the previous screen.
    case back
    /// Stop the step in progress.
    case cancel
    /// Leave the flow.
    case close
}
