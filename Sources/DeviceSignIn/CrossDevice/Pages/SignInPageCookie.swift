package import Foundation
package import Hummingbird
import IdentityServerCore

/// The cookie that binds a cross-device sign-in to the browser that started it: a random
/// secret the server mints for each sign-in (the sign-in stores its hash; whatever the browser
/// sent is never taken as one), named after the sign-in so that two started in one browser
/// each keep theirs, HttpOnly, living as long as a sign-in may (set again
/// at each start, so a shared browser forgets it soon after); under an https public URL also
/// Secure with the `__Host-` prefix. SameSite=Lax, not Strict: the browser
/// arrives from the relying party's site, and a Strict cookie would not be sent on that
/// first navigation.
package struct SignInPageCookie: Sendable {
    /// Whether the public base URL is https.
    package let secure: Bool
    /// The path the routes are served under (`/idp`), for the cookie without the prefix.
    package let pathPrefix: String
    /// How long it lives: a sign-in's lifetime and the time to continue after approval.
    package let lifetime: TimeInterval

    /// The cookie's name for the sign-in with this id.
    package func name(of signInID: String) -> String { (secure ? "__Host-bi_sign_in_" : "bi_sign_in_") + signInID }

    /// The browser's secret for the sign-in, if it sent exactly one.
    package func secret(in request: Request, of signInID: String) -> String? {
        RequestCookies.value(named: name(of: signInID), in: request)
    }

    /// `Set-Cookie` for the sign-in's `secret`.
    package func setting(_ secret: String, of signInID: String) -> String {
        let scope = secure ? "Path=/; Secure" : "Path=\(pathPrefix.isEmpty ? "/" : pathPrefix)"
        return "\(name(of: signInID))=\(secret); \(scope); HttpOnly; SameSite=Lax; Max-Age=\(Int(lifetime))"
    }
}
