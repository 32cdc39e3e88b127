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
    /// No session, or one the server does not know.
    case none

    /// What the sign-in page tells the operator.
    package var message: String? {
        switch self {
        case .signedOut: "You have signed out."
        case .idle: "Your session ended after a period without activity. Sign in again."
        case .expired: "Your session reached its maximum length. Sign in again."
        case .tokenEnded: "The admin token you signed in with has been revoked or has expired."
        case .none: nil
        }
    }
}
