package import IdentityProtocol
package import IdentityStorage
import IdentityServerCore

/// An access token found active, with the user it stands for (`nil` for a client acting for
/// itself, RFC 6749 §4.4).
package struct ActiveAccessToken {
    package let claims: AccessTokenClaims
    package let identity: IdentityRecord?
}
