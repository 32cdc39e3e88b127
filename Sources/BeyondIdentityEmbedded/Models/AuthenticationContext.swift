public import Foundation

/// What to show the user before approving a sign-in on another device: the application it is
/// for, when it started, and where the browser that started it is. The result of
/// ``Embedded/getAuthenticationContext(url:)``; the shape of the vendor's later SDK, plus
/// ``startedAt``.
///
/// Show all of it, and let the user approve only a sign-in they started themselves: someone
/// who sends them a sign-in URL (a QR code in a mail or a chat) would otherwise be signed in
/// with their credential.
public struct AuthenticationContext: Sendable, Hashable {
    /// The sign-in URL to pass to ``Embedded/authenticate(url:onSelectCredential:)`` or
    /// ``Embedded/declineAuthentication(url:)``: the URL the context was asked for.
    public var authUrl: URL
    /// The application the browser is signing in to.
    public var application: Application
    /// The browser that started the sign-in, as the server saw it.
    public var origin: Origin
    /// When the browser started the sign-in (not in the vendor's SDK).
    public var startedAt: Date

    /// Creates a context; `startedAt` is now unless given.
    public init(authUrl: URL, application: Application, origin: Origin, startedAt: Date = Date()) {
        self.authUrl = authUrl
        self.application = application
        self.origin = origin
        self.startedAt = startedAt
    }
}
