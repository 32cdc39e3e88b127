public import Foundation

/// The result of ``Embedded/authenticate(url:onSelectCredential:)``.
///
/// For an invoke URL (the browser is on this device), send the user to ``redirectURL``. For a
/// sign-in URL of another device (``continuesOnOtherDevice``), nothing is to be opened here:
/// the browser that showed the URL continues on its own; ``redirectURL`` is that sign-in URL
/// and ``message`` says "Continue on your other device".
public struct AuthenticateResponse: Sendable, Hashable {
    /// The client's redirect URI with the authorization `code` and `state`; for a sign-in
    /// approved for another device, the sign-in URL itself (not to be opened).
    public var redirectURL: URL
    /// A message for the user, if any: the server's; for a sign-in approved for another
    /// device, "Continue on your other device".
    public var message: String?
    /// Whether the sign-in continues in a browser on another device, which this call approved.
    public var continuesOnOtherDevice: Bool

    /// Creates a response.
    public init(redirectURL: URL, message: String?, continuesOnOtherDevice: Bool = false) {
        self.redirectURL = redirectURL
        self.message = message
        self.continuesOnOtherDevice = continuesOnOtherDevice
    }
}
