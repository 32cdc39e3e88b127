import IdentityServerCore

/// Why a console session is over; the sign-in page says so (`?ended=`).
package enum ConsoleSessionEnd: String, Sendable, CaseIterable, Error {
    /// The operator signed out.
    case signedOut = "signed_out"
    /// No request for longer than the idle timeout.
    case idle
    /// The session's absolute lifetime is over.
    case expired
    /// The admin token behind it was revoked or expired.
    case tokenEnded = "token_ended"
    /// Signing in with an admin token was turned off (`console.admin_token_sign_in`).
    case tokenSignInOff = "token_sign_in_off"
    /// No session, or one the server does not know.
    case none

    /// What the sign-in page tells the operator.
    package var message: String? {
        switch self {
        case .signedOut: "You have signed out."
        case .idle: "Your session ended after a period without activity. Sign in again."
        case .expired: "Your session reached its maximum length. Sign in again."
        case .tokenEnded: "The admin token you signed in with has been revoked or has expired."
        case .tokenSignInOff: "Signing in with an admin token is turned off on this server: sign in as an operator."
        case .none: nil
        }
    }
}
