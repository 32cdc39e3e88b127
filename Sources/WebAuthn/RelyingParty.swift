import Crypto
public import Foundation
import IdentityProtocol
import X509

/// A WebAuthn relying party: checks registrations (WebAuthn Level 3 §7.1) and assertions (§7.2)
/// against its RP ID, its origins and its policy. It keeps no state: the caller issues each
/// challenge, spends it once, and stores credentials and their counters.
public struct RelyingParty: Sendable {
    /// The RP ID: a registrable domain suffix of the origins' hosts (`id.example.com`, `localhost`).
    public var id: String
    /// The exact origins pages may run the ceremonies from (`https://id.example.com`).
    public var origins: Set<String>
    public var userVerification: UserVerificationRequirement
    /// The key algorithms accepted, in the order offered to authenticators.
    public var algorithms: [COSEAlgorithm]
    public var attestation: AttestationPolicy

    public init(
        id: String, origins: Set<String>, userVerification: UserVerificationRequirement = .required,
        algorithms: [COSEAlgorithm] = [.es256, .eddsa, .rs256], attestation: AttestationPolicy = AttestationPolicy()
    ) {
        self.id = id
        self.origins = origins
        self.userVerification = userVerification
        self.algorithms = algorithms
        self.attestation = attestation
    }

    /// Verifies a registration's `clientDataJSON` and `attestationObject` for `challenge`
    /// (§7.1 steps 5–27, except that the caller checks the credential ID is not registered yet).
    /// `now` is when certificate chains must be valid.
    public func verifyRegistration(
        clientDataJSON: [UInt8], attestationObject: [UInt8], challenge: [UInt8], now: Date = Date()
    ) async throws(WebAuthnError) -> RegisteredCredential {
        try checkClientData(clientDataJSON, type: "webauthn.create", challenge: challenge)
        let object = try AttestationObject(bytes: attestationObject)
        let data = object.authenticatorData
        try checkFlags(data)
        guard let credential = data.attestedCredential else { throw .missingCredential }
        guard algorithms.contains(credential.publicKey.algorithm) else { throw .unsupportedAlgorithm(credential.publicKey.algorithm.rawValue) }
        guard let format = AttestationFormat(rawValue: object.format), attestation.formats.contains(format) else {
            throw .unsupportedAttestationFormat(object.format)
        }
        let clientDataHash = Array(SHA256.hash(data: clientDataJSON))
        let (kind, chain): (AttestationResult.Kind, [Certificate])
        switch format {
        case .none:
            guard object.statement.count == 0 else { throw .attestationInvalid("none statement is not empty") }
            (kind, chain) = (.none, [])
        case .packed:
            (kind, chain) = try PackedAttestation.verify(object.statement, authenticatorData: data, credential: credential, clientDataHash: clientDataHash)
        case .fidoU2F:
            (kind, chain) = try FIDOU2FAttestation.verify(object.statement, authenticatorData: data, credential: credential, clientDataHash: clientDataHash)
        }
        let trusted = await AttestationCertificate.isTrusted(chain, roots: attestation.trustedRoots, at: now)
        if !attestation.trustedRoots.isEmpty, !trusted { throw .attestationNotTrusted("no trusted root") }
        // A model is proven only by a trusted chain whose key signed the authenticator data that
        // names it: packed's. fido-u2f's signature leaves the AAGUID out (§8.6), so an allow-list
        // takes none of its models.
        let provesModel = trusted && format == .packed && kind == .basic
        if let allowed = attestation.allowedAAGUIDs, !provesModel || !allowed.contains(credential.aaguid) {
            throw .attestationNotTrusted("authenticator model not allowed")
        }
        return RegisteredCredential(
            id: credential.credentialID, publicKeyBytes: credential.publicKeyBytes, algorithm: credential.publicKey.algorithm,
            signCount: data.signCount, aaguid: credential.aaguid, flags: data.flags,
            attestation: AttestationResult(format: format, kind: kind, trusted: trusted))
    }

    /// Verifies an assertion for `challenge` by the credential whose key is `publicKeyBytes`,
    /// whose stored counter is `storedSignCount` and whose registration said `backupEligible`
    /// (§7.2 steps 11–24; the caller has found the credential by its ID and checks the user
    /// handle); a key of an algorithm the party no longer accepts is refused.
    public func verifyAssertion(
        clientDataJSON: [UInt8], authenticatorData: [UInt8], signature: [UInt8], challenge: [UInt8],
        publicKeyBytes: [UInt8], storedSignCount: UInt32, backupEligible: Bool
    ) throws(WebAuthnError) -> VerifiedAssertion {
        try checkClientData(clientDataJSON, type: "webauthn.get", challenge: challenge)
        let data = try AuthenticatorData(bytes: authenticatorData)
        try checkFlags(data)
        // BE is fixed when the credential is made (§6.1): one that changed is not that credential.
        guard data.flags.contains(.backupEligible) == backupEligible else { throw .backupEligibilityChanged }
        let key = try COSEKey(bytes: publicKeyBytes)
        guard key.isValidSignature(signature, for: authenticatorData + Array(SHA256.hash(data: clientDataJSON))) else {
            throw .invalidSignature
        }
        if data.signCount != 0 || storedSignCount != 0, data.signCount <= storedSignCount {
            throw .signCountNotIncreasing(stored: storedSignCount, received: data.signCount)
        }
        // An algorithm the party no longer accepts retires the passkeys that use it.
        guard algorithms.contains(key.algorithm) else { throw .unsupportedAlgorithm(key.algorithm.rawValue) }
        return VerifiedAssertion(signCount: data.signCount, flags: data.flags)
    }

    /// §7.1 steps 7–10 and §7.2 steps 11–14: the type, the challenge, the origin, no cross-origin frame.
    private func checkClientData(_ bytes: [UInt8], type: String, challenge: [UInt8]) throws(WebAuthnError) {
        let clientData = try CollectedClientData(bytes: bytes)
        guard clientData.type == type else { throw .wrongType(clientData.type) }
        guard let received = Data(base64URLEncoded: clientData.challenge), Array(received) == challenge else {
            throw .challengeMismatch
        }
        guard origins.contains(clientData.origin) else { throw .originNotAllowed(clientData.origin) }
        guard clientData.crossOrigin != true else { throw .crossOrigin }
    }

    /// The RP ID's hash, UP, UV when required, and BS only with BE.
    private func checkFlags(_ data: AuthenticatorData) throws(WebAuthnError) {
        guard data.rpIDHash == Array(SHA256.hash(data: Array(id.utf8))) else { throw .rpIDMismatch }
        guard data.flags.contains(.userPresent) else { throw .userNotPresent }
        if userVerification == .required, !data.flags.contains(.userVerified) { throw .userNotVerified }
        if data.flags.contains(.backedUp), !data.flags.contains(.backupEligible) { throw .inconsistentBackupFlags }
    }
}
