import Foundation
import IdentityProtocol

/// Revokes a credential on the server, signed by its own key, then removes it from the key
/// store. Only a confirmation (or the server saying it does not know the credential) removes
/// it locally; when the server cannot be reached the credential stays intact.
struct Deletion: Sendable {
    let context: SDKContext

    func run(_ handle: Credential.Handle) async throws -> Credential {
        guard var credential = try await context.withKeyStore({ try await $0.credentials() }).first(where: { $0.handle == handle })
        else { throw BISDKError.credentialNotFound }
        guard context.domain.isBaseURL(credential.apiBaseURL.absoluteString) else {
            throw BISDKError.otherServer(apiBaseURL: credential.apiBaseURL.absoluteString)
        }
        let issuedAt = Int64(context.clock().timeIntervalSince1970)
        let signature = try await context.withKeyStore {
            try await $0.sign(
                SignedMessage.revocation(credentialID: handle.rawValue, issuedAt: issuedAt),
                with: credential.keyHandle, prompt: context.biometricAskPrompt)
        }
        do {
            let _: CredentialDescriptor = try await context.api.post(
                context.domain.url(DeviceAPI.revokeCredential),
                json: RevokeCredentialRequest(
                    credentialID: handle.rawValue, issuedAt: issuedAt, signature: signature.derRepresentation.base64URLEncodedString))
        } catch BISDKError.serverError(status: _, code: APIErrorCode.notFound, description: _) {
            context.log(.warning, "deletion: the server does not know \(handle); removing it locally")
        }
        try await context.withKeyStore { try await $0.delete(handle) }
        context.log(.info, "deletion: removed \(handle)")
        credential.state = .deviceDeleted
        return credential
    }
}
