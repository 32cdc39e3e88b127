import Crypto
import Foundation
import IdentityProtocol

/// A credential's revocation on the server, in a request signed by the credential's own key.
enum CredentialRevocation {
    /// Revokes `credentialID` on the server, signing with `key`; throws the server's error.
    static func post(credentialID: String, signedWith key: Credential.KeyHandle, context: SDKContext) async throws {
        let issuedAt = Int64(context.clock().timeIntervalSince1970)
        let requestID = SignedRequestID.make()
        let signature = try await context.withKeyStore {
            try await $0.sign(
                SignedMessage.revocation(credentialID: credentialID, issuedAt: issuedAt, requestID: requestID),
                with: key, prompt: context.biometricAskPrompt)
        }
        let _: CredentialDescriptor = try await context.api.post(
            context.domain.url(DeviceAPI.revokeCredential),
            json: RevokeCredentialRequest(
                credentialID: credentialID, issuedAt: issuedAt, requestID: requestID,
                signature: signature.derRepresentation.base64URLEncodedString))
    }
}
