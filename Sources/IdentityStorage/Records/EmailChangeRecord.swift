public import Foundation

/// A person's change of their own email address, asked on the account page: the new address
/// proves itself by the link mailed to it (``confirmHash``), and the former address, told of it,
/// may cancel it while ``expiresAt`` allows (``cancelHash``), undoing it when it was confirmed.
/// Only the links' hashes are stored; each link works once.
public struct EmailChangeRecord: Sendable, Equatable, Identifiable {
    public var id: String
    public var tenantID: String
    public var realmID: String
    public var identityID: String
    /// The address it replaces (`nil` when the identity had none): what a cancellation restores.
    public var formerEmail: String?
    public var newEmail: String
    /// SHA-256 of the secret in the link mailed to the new address.
    public var confirmHash: Data
    /// SHA-256 of the secret in the notice mailed to the former address.
    public var cancelHash: Data
    public var createdAt: Date
    /// The confirmation link works until then.
    public var confirmBy: Date
    /// The cancellation link works until then; the row is kept no longer.
    public var expiresAt: Date
    public var confirmedAt: Date?
    public var cancelledAt: Date?

    /// Creates a record.
    public init(
        id: String, tenantID: String, realmID: String, identityID: String, formerEmail: String?, newEmail: String,
        confirmHash: Data, cancelHash: Data, createdAt: Date, confirmBy: Date, expiresAt: Date, confirmedAt: Date? = nil,
        cancelledAt: Date? = nil
    ) {
        (self.id, self.tenantID, self.realmID, self.identityID) = (id, tenantID, realmID, identityID)
        (self.formerEmail, self.newEmail, self.confirmHash, self.cancelHash) = (formerEmail, newEmail, confirmHash, cancelHash)
        (self.createdAt, self.confirmBy, self.expiresAt, self.confirmedAt, self.cancelledAt) = (createdAt, confirmBy, expiresAt, confirmedAt, cancelledAt)
    }
}
