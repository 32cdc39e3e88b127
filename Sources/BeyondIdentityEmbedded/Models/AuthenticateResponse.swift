public import Foundation

/// The result of ``Embedded/authenticate(url:onSelectCredential:)``, of the 2.x API's
/// ``Embedded/authenticate(url:id:)``, and of a redeemed email code
/// (``RedeemOtpResponse/success(_:)``): one type for both API generations, which spell the
/// redirect ``redirectURL`` (the seed's) and ``redirectUrl`` (2.x).
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
    /// After a redeemed email code on a device without a credential of the realm, where the
    /// application allows it: a single-use token that binds a new credential for the user
    /// (`{server}/v1/bind?token=…` is an enrollment link for ``Embedded/bindPasskey(url:)``,
    /// made directly or by the app's backend). `nil` otherwise.
    public var passkeyBindingToken: String?

    /// The 2.x spelling of ``redirectURL``.
    public var redirectUrl: URL { redirectURL }

    /// Creates a response.
    public init(redirectURL: URL, message: String?, continuesOnOtherDevice: Bool = false, passkeyBindingToken: String? = nil) {
        self.redirectURL = redirectURL
        self.message = message
        self.continuesOnOtherDevice = continuesOnOtherDevice
        self.passkeyBindingToken = passkeyBindingToken
    }

    /// Creates a response, as the 2.x API spells it.
    public init(redirectUrl: URL, message: String?, passkeyBindingToken: String?) {
        self.init(redirectURL: redirectUrl, message: message, passkeyBindingToken: passkeyBindingToken)
    }
}
