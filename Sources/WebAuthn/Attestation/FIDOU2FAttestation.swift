import X509

/// The `fido-u2f` format (WebAuthn §8.6): one P-256 attestation certificate, and its signature
/// over U2F's registration data rebuilt from the authenticator data.
enum FIDOU2FAttestation {
    static func verify(
        _ statement: CBORMap, authenticatorData: AuthenticatorData, credential: AttestedCredentialData, clientDataHash: [UInt8]
    ) throws(WebAuthnError) -> (AttestationResult.Kind, [Certificate]) {
        guard let signature = statement["sig"]?.bytes else { throw .attestationInvalid("fido-u2f statement lacks sig") }
        // A U2F authenticator has no AAGUID: the client writes zeros (§8.6), and the signature
        // does not cover them, so anything else would be a model nobody vouched for.
        guard credential.aaguid.allSatisfy({ $0 == 0 }) else { throw .attestationInvalid("fido-u2f AAGUID is not zero") }
        let chain = try AttestationCertificate.chain(statement["x5c"])
        guard chain.count == 1 else { throw .attestationInvalid("fido-u2f x5c is not one certificate") }
        guard let point = credential.publicKey.uncompressedP256Point else {
            throw .attestationInvalid("fido-u2f credential key is not P-256")
        }
        let signed = [0x00] + authenticatorData.rpIDHash + clientDataHash + credential.credentialID + point
        guard try COSEKey(certificate: chain[0], algorithm: .es256).isValidSignature(signature, for: signed) else {
            throw .attestationInvalid("fido-u2f signature does not verify with the certificate")
        }
        return (.basic, chain)
    }
}
