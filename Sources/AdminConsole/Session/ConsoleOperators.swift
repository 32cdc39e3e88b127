package import IdentityStorage

/// How the console takes an operator's session: the operators' realm's account page signs
/// people in (a passkey, or approving from the app on their phone), and its session cookie,
/// sent to the console too (same origin, a path above it), opens the console with the role of
/// the identity's ``OperatorRecord``. The session ends with the identity's standing and its
/// passkey, checked at every request, so a suspended operator is signed out at once.
package struct ConsoleOperators: Sendable {
    /// The operators' account session whose cookie holds `secret`, while it stands.
    package let session: @Sendable (_ secret: String) async throws -> AccountSessionRecord?
    /// Ends an operator's session (audited as the account page's sign-out).
    package let signOut: @Sendable (AccountSessionRecord) async throws -> Void
    /// The account session cookie's name.
    package let cookieName: String
    /// `Set-Cookie` that removes that cookie.
    package let clearCookie: String
    /// The operators' account page, where they sign in (under the public base URL as it is now).
    package let signInPage: @Sendable () -> String

    package init(
        session: @escaping @Sendable (String) async throws -> AccountSessionRecord?,
        signOut: @escaping @Sendable (AccountSessionRecord) async throws -> Void, cookieName: String, clearCookie: String,
        signInPage: @escaping @Sendable () -> String
    ) {
        (self.session, self.signOut, self.cookieName, self.clearCookie, self.signInPage) = (session, signOut, cookieName, clearCookie, signInPage)
    }
}
