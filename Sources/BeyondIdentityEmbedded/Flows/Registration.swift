import Foundation
import IdentityProtocol

/// Turns an enrollment link into a stored ``Credential``: a new key in the key store, a CSR
/// for it, `POST /v1/device/credentials`, then key, chain and metadata stored together.
///
/// On any failure the new key is discarded: no orphan key, no half credential.
struct Registration: Sendable {
    let context: SDKContext

    func run(_ link: URL) async throws -> Credential {
        try await bind(link).credential
    }

    /// Registers the credential; also returns where the binding job says to send the user next.
    func bind(_ link: URL) async throws -> (credential: Credential, postBindingRedirectURI: String?) {
        let token = try EnrollmentLink.bindingToken(from: link, server: context.domain)
        do {
            return try await IssuedCredential.withNewKey(context: context) { keyHandle, publicKey, csr in
                context.log(.debug, "registration: sending the binding request")
                let response: BindCredentialResponse = try await context.api.post(
                    context.domain.url(DeviceAPI.bindCredential),
                    json: BindCredentialRequest(bindingToken: token, csr: csr, deviceName: ProcessInfo.processInfo.hostName))
                let credential = try await IssuedCredential.keep(
                    response, keyHandle: keyHandle, publicKey: publicKey, context: context)
                context.log(.info, "registration: stored credential \(credential.handle)")
                return (credential, response.postBindingRedirectURI)
            }
        } catch {
            context.log(.error, "registration failed: \(error)")
            throw error
        }
    }
}
