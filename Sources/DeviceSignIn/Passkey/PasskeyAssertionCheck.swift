package import Foundation
package import IdentityProtocol
package import IdentityStorage
package import IdentityServerCore
package import WebAuthn

/// A passkey assertion checked against a realm's passkeys (WebAuthn Level 3 §7.2): the
/// credential is one of the realm's, the signature is good over the ceremony's challenge, the
/// counter rose, the passkey and its identity are active, and the user handle is its identity's.
/// The checks of every passkey sign-in, wherever it is made.
package struct PasskeyAssertionCheck {
    /// What an accepted assertion signed in with.
    package struct Accepted: Sendable {
        package let credential: CredentialRecord
        package let passkey: PasskeyRecord
        package let verified: VerifiedAssertion

        /// The counter's move this sign-in stores.
        package var use: PasskeyUse {
            PasskeyUse(
                credentialID: credential.id, expectedSignCount: passkey.signCount, signCount: verified.signCount,
                backedUp: verified.flags.contains(.backedUp))
        }
    }

    /// A refused assertion: its audit reason, the identity it is about when the passkey's
    /// signature showed whose it is, and the error to answer.
    package struct Refusal: Error {
        package let reason: String
        package let subject: String?
        package let error: ServerError
    }

    package let store: any PasskeyStore

    package init(store: any PasskeyStore) {
        self.store = store
    }

    /// Checks `credential` against the realm `realmID`'s passkeys, as `party`, for `challenge`.
    package func check(
        _ credential: PasskeySignInRequest.Credential, realmID: String, party: RelyingParty, challenge: Data
    ) async throws -> Accepted {
        let response = credential.response
        guard credential.type == "public-key", let webAuthnID = Data(base64URLEncoded: credential.id),
              let clientData = Data(base64URLEncoded: response.clientDataJSON),
              let authenticatorData = Data(base64URLEncoded: response.authenticatorData),
              let signature = Data(base64URLEncoded: response.signature)
        else { throw ServerError.invalidRequest("the credential is not a WebAuthn public key credential") }
        guard let (stored, passkey, identityStatus) = try await store.passkey(realmID: realmID, webAuthnID: webAuthnID) else {
            throw Refusal(reason: "unknown_passkey", subject: nil, error: ServerError(APIErrorCode.invalidPasskey, "this passkey is not registered here"))
        }
        // The assertion first: what the passkey's state is, is told only to its holder.
        let verified: VerifiedAssertion
        do {
            verified = try party.verifyAssertion(
                clientDataJSON: Array(clientData), authenticatorData: Array(authenticatorData), signature: Array(signature),
                challenge: Array(challenge), publicKeyBytes: Array(passkey.publicKey), storedSignCount: passkey.signCount,
                backupEligible: passkey.backupEligible)
        } catch {
            // A counter that did not rise came with a good signature: the passkey's holder, or a clone.
            let signed = if case .signCountNotIncreasing = error { true } else { false }
            throw Refusal(
                reason: error.auditReason, subject: signed ? stored.identityID : nil,
                error: ServerError(APIErrorCode.invalidPasskey, "the passkey was refused: \(error)"))
        }
        guard stored.state == .active else {
            throw Refusal(reason: "credential_revoked", subject: stored.identityID, error: ServerError(APIErrorCode.credentialRevoked, "this passkey was revoked"))
        }
        guard identityStatus == .active else {
            throw Refusal(
                reason: "identity_inactive", subject: stored.identityID,
                error: ServerError(APIErrorCode.identityInactive, "the identity is \(identityStatus)"))
        }
        // Asked with no credential listed, a discoverable credential must say whose it is (§7.2 step 6).
        guard let handle = response.userHandle, Data(base64URLEncoded: handle) == Data(stored.identityID.utf8) else {
            throw Refusal(
                reason: "user_handle", subject: stored.identityID,
                error: ServerError(APIErrorCode.invalidPasskey, "the passkey's user handle is not its identity's"))
        }
        return Accepted(credential: stored, passkey: passkey, verified: verified)
    }
}

extension WebAuthnError {
    /// The audit reason of a refused assertion.
    fileprivate var auditReason: String {
        switch self {
        case .signCountNotIncreasing: "sign_count"
        case .invalidSignature: "signature"
        case .userNotVerified: "user_not_verified"
        case .originNotAllowed, .crossOrigin: "origin"
        case .challengeMismatch: "challenge"
        default: "invalid_assertion"
        }
    }
}
