package import Foundation
package import Hummingbird
import IdentityServerCore

/// A cookie of a realm's account page: the session's (a random secret the server mints at each
/// sign-in, whose hash the session stores; SameSite=Strict, since the page's forms and requests
/// are its own), or a started sign-in's with the app on another device (SameSite=Lax). Each is
/// named after the realm so that each realm's page keeps its own, HttpOnly, and under an https
/// public URL also Secure with the `__Host-` prefix.
package struct AccountSessionCookie: Sendable {
    /// Whether the public base URL is https.
    package let secure: Bool
    /// The path the routes are served under (`/idp`), for the cookie without the prefix.
    package let pathPrefix: String
    /// The name before the realm's id.
    package var base = "bi_account_"
    package var sameSite = "Strict"

    /// The cookie's name for the realm `realmID`.
    package func name(of realmID: String) -> String { (secure ? "__Host-" : "") + base + realmID }

    /// The browser's secret for the realm's page, if it sent exactly one.
    package func secret(in request: Request, of realmID: String) -> String? {
        RequestCookies.value(named: name(of: realmID), in: request)
    }

    /// `Set-Cookie` for the realm's `secret`, kept for `lifetime`; an empty secret and no
    /// lifetime end it.
    package func setting(_ secret: String, of realmID: String, lifetime: TimeInterval) -> String {
        let scope = secure ? "Path=/; Secure" : "Path=\(pathPrefix.isEmpty ? "/" : pathPrefix)"
        return "\(name(of: realmID))=\(secret); \(scope); HttpOnly; SameSite=\(sameSite); Max-Age=\(max(0, Int(lifetime)))"
    }
}
