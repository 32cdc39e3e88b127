import Crypto
import Foundation

/// Makes and uses P-256 keys as ``SecureEnclaveKeyStore`` needs: in the Secure Enclave when the
/// plan says so, else in software. The Apple store implements it with CryptoKit and
/// LocalAuthentication; tests with software keys.
protocol DeviceKeys: Sendable {
    /// Whether this device has a Secure Enclave.
    var hasSecureEnclave: Bool { get }
    /// A new key under `plan`: what to keep (the enclave's reference, or the key's bytes) and its public key.
    func generate(_ plan: AccessControlPlan) throws -> (keyData: Data, publicKey: P256.Signing.PublicKey)
    /// Signs with a kept key, first verifying the user as `protection` says (showing `prompt`).
    func sign(
        _ message: Data, keyData: Data, storage: KeyStorage, protection: KeyProtection, prompt: String
    ) async throws -> P256.Signing.ECDSASignature
    /// An opaque value that changes when the enrolled biometry changes
    /// (`LAContext.evaluatedPolicyDomainState`); `nil` without biometry.
    func biometryState() -> Data?
    /// The kind of biometry this device verifies users with (``KeyAssurance/UserVerification/face``
    /// or ``KeyAssurance/UserVerification/fingerprint``); `nil` without biometry or for another kind.
    func biometryKind() -> KeyAssurance.UserVerification?
}
