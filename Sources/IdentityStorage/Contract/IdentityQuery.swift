/// Which of a realm's identities a listing shows, and in which order
/// (``ConsoleQueryStore/findIdentities(realmID:_:_:)``).
public struct IdentityQuery: Sendable, Equatable {
    /// The listing's order; each is total (a username is one identity's in its realm, and
    /// creation ties are broken by id), so pages never skip or repeat an identity.
    public enum Order: String, Sendable, CaseIterable {
        /// By username, A to Z (byte order).
        case username
        /// By username, Z to A.
        case usernameDescending = "-username"
        /// Oldest first.
        case created
        /// Newest first.
        case createdDescending = "-created"
    }

    /// Text the username or email contains (its `%` and `_` taken literally), ignoring case (on
    /// SQLite, the case of ASCII letters only); empty: every identity.
    public var text: String
    /// Only identities in this status; `nil`: any.
    public var status: IdentityRecord.Status?
    public var order: Order

    /// Creates a query: by default every identity, by username.
    public init(text: String = "", status: IdentityRecord.Status? = nil, order: Order = .username) {
        (self.text, self.status, self.order) = (text, status, order)
    }
}
