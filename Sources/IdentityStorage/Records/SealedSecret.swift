public import Foundation

/// A secret the database keeps sealed under the master key: a realm's CA private key, one of
/// its token-signing keys, a webhook endpoint's signing secret, or an enrollment mail waiting in
/// the mail queue (it holds a binding job's link).
public struct SealedSecret: Sendable, Equatable {
    /// Which secret it is.
    public enum Owner: Sendable, Hashable {
        /// The certificate authority key of the realm.
        case realmAuthority(realmID: String)
        /// A token-signing key of a realm.
        case signingKey(kid: String, realmID: String)
        /// A webhook endpoint's signing secret (`previous`: the one a rotation replaced, while
        /// it still signs).
        case webhookSecret(endpointID: String, previous: Bool)
        /// A pending mail's message (``MailDeliveryRecord/sealedMessage``).
        case mailMessage(deliveryID: String)
    }

    public var owner: Owner
    /// The sealed bytes, as stored.
    public var sealed: Data

    /// Creates a value.
    public init(owner: Owner, sealed: Data) {
        self.owner = owner
        self.sealed = sealed
    }
}
