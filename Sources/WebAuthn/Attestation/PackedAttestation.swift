import X509

/// The `packed` format (WebAuthn §8.2): `alg` and `sig` over the authenticator data and the
/// client data's hash, by the attestation certificate (`x5c`) or by the credential's own key.
enum PackedAttestation {
    static func verify(
        _ statement: CBORMap, authenticatorData: AuthenticatorData, credential: AttestedCredentialData, clientDataHash: [UInt8]
    ) throws(WebAuthnError) -> (AttestationResult.Kind, [Certificate]) {
        guard let alg = statement["alg"]?.integer, let signature = statement["sig"]?.bytes else {
            throw .attestationInvalid("packed statement lacks alg or sig")
        }
        guard let algorithm = COSEAlgorithm(rawValue: alg) else { throw .unsupportedAlgorithm(alg) }
        let signed = authenticatorData.bytes + clientDataHash
        if statement["x5c"] != nil {
            let chain = try AttestationCertificate.chain(statement["x5c"])
            try AttestationCertificate.checkPacked(chain[0], aaguid: credential.aaguid)
            guard try COSEKey(certificate: chain[0], algorithm: algorithm).isValidSignature(signature, for: signed) else {
                throw .attestationInvalid("packed signature does not verify with the certificate")
            }
            return (.basic, chain)
        }
        guard algorithm == credential.publicKey.algorithm else { throw .attestationInvalid("self attestation's alg is not the key's") }
        guard credential.publicKey.isValidSignature(signature, for: signed) else {
            throw .attestationInvalid("self attestation does not verify with the credential's key")
        }
        return (.self, [])
    }
}
