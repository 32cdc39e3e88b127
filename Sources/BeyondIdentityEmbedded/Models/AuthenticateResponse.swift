public import Foundation

/// The result of ``Embedded/authenticate(url:onSelectCredential:)``.
public struct AuthenticateResponse: Sendable, Hashable {
    /// The client's redirect URI with the authorization `code` and `state`.
    public var redirectURL: URL
    /// A message from the server for the user, if any.
    public var message: String?

    /// Creates a response.
    public init(redirectURL: URL, message: String?) {
        self.redirectURL = redirectURL
        self.message = message
    }
}
