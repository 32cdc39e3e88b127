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
        let context = try context.serving(apiBase: credential.apiBaseURL)
        do {
            try await CredentialRevocation.post(credentialID: handle.rawValue, signedWith: credential.keyHandle, context: context)
        } catch let error as BISDKError where error.errorType == .serverError && error.serverErrorCode == APIErrorCode.notFound.rawValue {
            context.log(.warning, "deletion: the server does not know \(handle); removing it locally")
        }
        try await context.withKeyStore { try await $0.delete(handle) }
        context.log(.info, "deletion: removed \(handle)")
        credential.state = .deviceDeleted
        return credential
    }
}
