public import Foundation

/// The result of ``Embedded/bindPasskey(url:)``.
public struct BindPasskeyResponse: Sendable, Hashable {
    /// The passkey now on this device.
    public let passkey: Passkey
    /// Where to send the user next, if the binding job named a place (for example a page that
    /// signs them in with the new passkey).
    public let postBindingRedirectUri: URL?

    /// Creates a response.
    public init(passkey: Passkey, postBindingRedirectUri: URL?) {
        self.passkey = passkey
        self.postBindingRedirectUri = postBindingRedirectUri
    }
}
