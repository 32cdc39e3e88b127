#if canImport(CryptoKit) && canImport(Security) && canImport(LocalAuthentication)
import CryptoKit
import Foundation
import LocalAuthentication

/// ``DeviceKeys`` in the Secure Enclave (CryptoKit), or in software where there is none. The
/// user is verified with LocalAuthentication before a protected enclave key signs, and the same
/// authenticated context is handed to the enclave, so the user is asked once per signature; a
/// software key's Keychain item already asked when it was read.
struct SecureEnclaveDeviceKeys: DeviceKeys {
    var hasSecureEnclave: Bool { SecureEnclave.isAvailable }

    func generate(_ plan: AccessControlPlan) throws -> (keyData: Data, publicKey: P256.Signing.PublicKey) {
        switch plan.storage {
        case .secureEnclave:
            let key = try SecureEnclave.P256.Signing.PrivateKey(accessControl: AppleAccessControl.make(plan))
            return (key.dataRepresentation, key.publicKey)
        case .keychain:
            let key = P256.Signing.PrivateKey()
            return (key.rawRepresentation, key.publicKey)
        }
    }

    func sign(
        _ message: Data, keyData: Data, storage: KeyStorage, protection: KeyProtection, prompt: String
    ) async throws -> P256.Signing.ECDSASignature {
        let context = LAContext()
        do {
            if storage == .secureEnclave, let policy = protection.policy {
                // Biometry only: no "Enter Password" button, which could not unlock such a key.
                if policy == .deviceOwnerAuthenticationWithBiometrics { context.localizedFallbackTitle = "" }
                _ = try await context.evaluatePolicy(Self.laPolicy(policy), localizedReason: prompt)
            }
            switch storage {
            case .secureEnclave:
                let key = try SecureEnclave.P256.Signing.PrivateKey(dataRepresentation: keyData, authenticationContext: context)
                return try key.signature(for: message)
            case .keychain:
                return try P256.Signing.PrivateKey(rawRepresentation: keyData).signature(for: message)
            }
        } catch let error as LAError {
            throw KeychainStatus.error(authenticationCode: error.errorCode)
        } catch let error as BISDKError {
            throw error
        } catch {
            throw BISDKError.keyStoreFailure("signing failed: \(error)")
        }
    }

    func biometryState() -> Data? {
        // `domainState` replaces `evaluatedPolicyDomainState` (deprecated in iOS 18 / macOS 15).
        LAContext().domainState.biometry.stateHash
    }

    func biometryKind() -> KeyAssurance.UserVerification? {
        // `biometryType` is set once `canEvaluatePolicy` has been called.
        let context = LAContext()
        guard context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: nil) else { return nil }
        switch context.biometryType {
        case .faceID: return .face
        case .touchID: return .fingerprint
        default: return nil
        }
    }

    private static func laPolicy(_ policy: AuthenticationPolicy) -> LAPolicy {
        switch policy {
        case .deviceOwnerAuthentication: .deviceOwnerAuthentication
        case .deviceOwnerAuthenticationWithBiometrics: .deviceOwnerAuthenticationWithBiometrics
        }
    }
}
#endif
