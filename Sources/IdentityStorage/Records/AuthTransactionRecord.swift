public import Foundation

/// An authentication transaction: a validated `/authorize` request waiting for a device.
public struct AuthTransactionRecord: Sendable, Equatable {
    /// SHA-256 of the transaction reference; unique.
    public var referenceHash: Data
    public var applicationID: String
    public var realmID: String
    public var redirectURI: String
    public var scope: String
    public var state: String?
    public var nonce: String?
    public var codeChallenge: String?
    public var codeChallengeMethod: String?
    /// Random bytes the device signs, base64url.
    public var challenge: String
    public var expiresAt: Date
    public var createdAt: Date
    public var consumedAt: Date?

    /// Creates a record.
    public init(
        referenceHash: Data, applicationID: String, realmID: String, redirectURI: String, scope: String,
        state: String?, nonce: String?, codeChallenge: String?, codeChallengeMethod: String?, challenge: String,
        expiresAt: Date, createdAt: Date, consumedAt: Date?
    ) {
        self.referenceHash = referenceHash
        self.applicationID = applicationID
        self.realmID = realmID
        self.redirectURI = redirectURI
        self.scope = scope
        self.state = state
        self.nonce = nonce
        self.codeChallenge = codeChallenge
        self.codeChallengeMethod = codeChallengeMethod
        self.challenge = challenge
        self.expiresAt = expiresAt
        self.createdAt = createdAt
        self.consumedAt = consumedAt
    }
}
