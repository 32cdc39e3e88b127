import Foundation
import Hummingbird

/// The cookie that binds a cross-device sign-in to the browser that started it: a random
/// secret (the sign-in stores its hash), HttpOnly, living as long as a sign-in may (set again
/// at each start, so a shared browser forgets it soon after); under an https public URL also
/// Secure with the `__Host-` prefix. SameSite=Lax, not Strict: the browser
/// arrives from the relying party's site, and a Strict cookie would not be sent on that
/// first navigation.
struct SignInPageCookie: Sendable {
    /// Whether the public base URL is https.
    let secure: Bool
    /// The path the routes are served under (`/idp`), for the cookie without the prefix.
    let pathPrefix: String
    /// How long it lives: a sign-in's lifetime and the time to continue after approval.
    let lifetime: TimeInterval

    /// The cookie's name.
    var name: String { secure ? "__Host-bi_sign_in" : "bi_sign_in" }

    /// The browser's secret, if it sent exactly one.
    func secret(in request: Request) -> String? {
        RequestCookies.value(named: name, in: request)
    }

    /// `Set-Cookie` for `secret`.
    func setting(_ secret: String) -> String {
        let scope = secure ? "Path=/; Secure" : "Path=\(pathPrefix.isEmpty ? "/" : pathPrefix)"
        return "\(name)=\(secret); \(scope); HttpOnly; SameSite=Lax; Max-Age=\(Int(lifetime))"
    }
}
