import Crypto
import Foundation
import IdentityProtocol
import IdentityServerCore
package import Administration
package import IdentityStorage

/// A signed-in console session as a request sees it: who acts, and the CSRF token its forms
/// must carry.
package struct ConsoleSession: Sendable {
    /// The session's public id.
    package let id: String
    /// The administrator whose admin token opened the session, or the operator signed in; every
    /// change is theirs.
    package let admin: AdminPrincipal
    /// The operators' account session, when an operator signed in (not an admin token).
    package let account: AccountSessionRecord?
    /// The token every state-changing form of this session carries: an HMAC of a fixed label
    /// under the session's secret, so only a page of this session can know it and nothing is
    /// stored for it.
    package let csrfToken: String

    package init(id: String, admin: AdminPrincipal, secret: String, account: AccountSessionRecord? = nil) {
        self.id = id
        self.admin = admin
        self.account = account
        self.csrfToken = Self.csrfToken(forSecret: secret)
    }

    /// Whether `presented` is this session's CSRF token, compared in constant time.
    package func acceptsCSRFToken(_ presented: String?) -> Bool {
        guard let presented else { return false }
        return Secrets.constantTimeEquals(Data(presented.utf8), Data(csrfToken.utf8))
    }

    private static func csrfToken(forSecret secret: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Data("bi-console-csrf".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return Data(mac).base64URLEncodedString
    }
}
