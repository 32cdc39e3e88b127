import Foundation
import HTTPTypes
package import Hummingbird
import IdentityServerCore

/// The console's cookies: the session's secret, and the sign-in form's CSRF value. HttpOnly
/// and SameSite=Strict always; under an https public URL also Secure with the `__Host-` prefix
/// (which requires `Path=/`), otherwise limited to the console's path.
package struct ConsoleCookies: Sendable {
    /// Whether the public base URL is https.
    package let secure: Bool
    /// The console's path (`/idp/console`), for cookies without the `__Host-` prefix.
    package let path: String

    /// The session cookie's name.
    package var sessionName: String { secure ? "__Host-bi_console" : "bi_console" }
    /// The sign-in form's cookie name.
    package var signInName: String { secure ? "__Host-bi_console_sign_in" : "bi_console_sign_in" }

    /// `Set-Cookie` for a session secret: a browser-session cookie (gone when the browser
    /// closes; the server ends the session itself after its idle timeout or lifetime).
    package func session(_ secret: String) -> String {
        cookie(sessionName, secret, maxAge: nil)
    }

    /// `Set-Cookie` for the sign-in form's CSRF value (10 minutes).
    package func signIn(_ value: String) -> String {
        cookie(signInName, value, maxAge: 600)
    }

    /// `Set-Cookie` that removes the named cookie.
    package func clear(_ name: String) -> String {
        cookie(name, "", maxAge: 0)
    }

    /// The value of the cookie `name` in the request; `nil` when absent or sent twice (a cookie
    /// planted from a sibling domain must not shadow ours).
    package func value(_ name: String, in request: Request) -> String? {
        RequestCookies.value(named: name, in: request)
    }

    private func cookie(_ name: String, _ value: String, maxAge: Int?) -> String {
        let scope = secure ? "Path=/; Secure" : "Path=\(path)"
        return "\(name)=\(value); \(scope); HttpOnly; SameSite=Strict" + (maxAge.map { "; Max-Age=\($0)" } ?? "")
    }
}
