/// Which screen a ``Screen`` is: what presenters and tests tell screens apart by.
public enum ScreenKind: String, Sendable, Hashable, CaseIterable {
    /// Work in progress (looking up credentials, signing in, registering, importing, deleting).
    case progress
    /// One credential fits: continue as its user, or replace it.
    case credentialExists
    /// Several credentials fit: choose one.
    case chooseCredential
    /// No credential fits: sign up, add from another device, recover, or ask support.
    case noCredential
    /// What replacing the credential on this device means, before it happens.
    case replaceWarning
    /// What a credential is.
    case explanation
    /// Type (or scan) the 9-digit code another device shows.
    case enterCode
    /// The device's credentials (the settings screen).
    case credentialList
    /// One credential's details.
    case credentialDetails
    /// What deleting a credential loses, before it happens.
    case deleteConfirmation
    /// The code (and QR code) that adds a credential to another device, with its countdown.
    case showCode
    /// Scan or paste the sign-in URL a browser on another device shows.
    case enterSignInURL
    /// A sign-in started in a browser on another device: where it comes from; approve or decline.
    case approveSignIn
    /// Type the email address a one-time code is sent to.
    case enterEmail
    /// Type the one-time code the email brought.
    case enterEmailCode
    /// Signed in with an email code: set up a credential on this device?
    case setUpDevice
    /// Something finished (a credential deleted, a device added, an extension cancelled).
    case notice
    /// Something failed, in words a user understands.
    case error
}
