public import Foundation

/// Device B's claim on an extension session.
public struct ExtensionClaimRecord: Sendable, Equatable {
    /// Hash of the secret B polls with.
    public var secretHash: Data
    public var deviceName: String?
    /// The id B's credential gets.
    public var credentialID: String
    /// B's certificate as the server drafted it, for A to sign (its signature is a placeholder).
    public var draftCertificateDER: Data
    public var claimedAt: Date
    /// B's certificate chain (PEM, leaf first), once issued.
    public var issuedChain: [String]?

    /// Creates a claim.
    public init(
        secretHash: Data, deviceName: String?, credentialID: String, draftCertificateDER: Data, claimedAt: Date,
        issuedChain: [String]?
    ) {
        self.secretHash = secretHash
        self.deviceName = deviceName
        self.credentialID = credentialID
        self.draftCertificateDER = draftCertificateDER
        self.claimedAt = claimedAt
        self.issuedChain = issuedChain
    }
}
