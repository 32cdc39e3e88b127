public import Foundation

/// A secret the database keeps sealed under the master key: a realm's CA private key or one
/// of its token-signing keys.
public struct SealedSecret: Sendable, Equatable {
    /// Which secret it is.
    public enum Owner: Sendable, Hashable {
        /// The certificate authority key of the realm.
        case realmAuthority(realmID: String)
        /// A token-signing key of a realm.
        case signingKey(kid: String, realmID: String)
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
