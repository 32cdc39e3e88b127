/// A credential a verified registration created, with what to store for its assertions.
public struct RegisteredCredential: Sendable {
    public let id: [UInt8]
    /// The COSE_Key bytes, to verify its assertions with.
    public let publicKeyBytes: [UInt8]
    public let algorithm: COSEAlgorithm
    public let signCount: UInt32
    /// The authenticator's model, 16 bytes (zeros when it does not say).
    public let aaguid: [UInt8]
    public let flags: AuthenticatorFlags
    public let attestation: AttestationResult
}
