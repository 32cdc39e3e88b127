/// Why a registration or an assertion was refused. Each case is one check of WebAuthn Level 3
/// §7.1 (registering a credential) or §7.2 (verifying an assertion); the description says which,
/// without echoing the input.
public enum WebAuthnError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A structure is not what the specification defines (CBOR, JSON, lengths, fields).
    case malformed(String)
    /// `clientDataJSON.type` is not the ceremony's (`webauthn.create` or `webauthn.get`).
    case wrongType(String)
    /// `clientDataJSON.challenge` is not the one this ceremony issued.
    case challengeMismatch
    /// `clientDataJSON.origin` is not one of the relying party's origins.
    case originNotAllowed(String)
    /// The request came from a frame of another origin (`crossOrigin` true).
    case crossOrigin
    /// The authenticator data is for another RP ID.
    case rpIDMismatch
    /// The user-present flag is off.
    case userNotPresent
    /// User verification is required and the user-verified flag is off.
    case userNotVerified
    /// The backup-state flag is set on a credential that is not backup eligible.
    case inconsistentBackupFlags
    /// An assertion's backup-eligible flag is not the one the credential was registered with.
    case backupEligibilityChanged
    /// A key algorithm the relying party does not accept (or COSE does not define here).
    case unsupportedAlgorithm(Int)
    /// A registration's authenticator data has no attested credential data.
    case missingCredential
    /// An attestation statement format the relying party does not accept.
    case unsupportedAttestationFormat(String)
    /// The attestation statement does not verify (signature, certificate, AAGUID).
    case attestationInvalid(String)
    /// The attestation verified but is not trusted as the policy requires (no trusted root,
    /// an authenticator model not on the allow-list, or no attestation where one is required).
    case attestationNotTrusted(String)
    /// The assertion's signature does not verify with the credential's key.
    case invalidSignature
    /// The signature counter did not increase on an authenticator that counts: a sign of a
    /// cloned authenticator (§6.1.1).
    case signCountNotIncreasing(stored: UInt32, received: UInt32)

    public var description: String {
        switch self {
        case .malformed(let what): "malformed: \(what)"
        case .wrongType(let type): "client data type is \(type.prefix(32))"
        case .challengeMismatch: "the challenge is not this ceremony's"
        case .originNotAllowed(let origin): "origin \(origin.prefix(200)) is not allowed"
        case .crossOrigin: "the request came from a cross-origin frame"
        case .rpIDMismatch: "the authenticator data is for another RP ID"
        case .userNotPresent: "the user was not present"
        case .userNotVerified: "user verification is required"
        case .inconsistentBackupFlags: "backed up but not backup eligible"
        case .backupEligibilityChanged: "the backup eligibility is not the credential's"
        case .unsupportedAlgorithm(let alg): "algorithm \(alg) is not accepted"
        case .missingCredential: "the authenticator data has no credential"
        case .unsupportedAttestationFormat(let format): "attestation format \(format.prefix(32)) is not accepted"
        case .attestationInvalid(let why): "attestation does not verify: \(why)"
        case .attestationNotTrusted(let why): "attestation is not trusted: \(why)"
        case .invalidSignature: "the signature does not verify"
        case .signCountNotIncreasing(let stored, let received): "sign count \(received) does not exceed \(stored)"
        }
    }
}
