/// The credential a registration creates, as its authenticator data attests it (WebAuthn §6.5.2).
public struct AttestedCredentialData: Sendable {
    /// The authenticator's model (all zeros when it does not say, as fido-u2f keys and `none`
    /// attestation through some browsers).
    public let aaguid: [UInt8]
    public let credentialID: [UInt8]
    /// The COSE_Key bytes, as stored for later assertions.
    public let publicKeyBytes: [UInt8]
    public let publicKey: COSEKey

    /// The longest credential ID a relying party must accept (§5.8.3 and §6.5.2's `L`).
    public static let maxCredentialIDLength = 1_023
}
