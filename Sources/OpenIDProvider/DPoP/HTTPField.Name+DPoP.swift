package import HTTPTypes
import IdentityServerCore

extension HTTPField.Name {
    /// `DPoP`: the proof a request carries (RFC 9449 §4.1).
    package static let dpop = Self("DPoP")!
    /// `DPoP-Nonce`: the nonce the server wants in the next proof (RFC 9449 §8.1).
    package static let dpopNonce = Self("DPoP-Nonce")!
}
