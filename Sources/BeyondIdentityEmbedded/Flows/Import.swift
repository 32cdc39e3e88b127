import Foundation
import IdentityProtocol

/// Device B's side of adding a second device: a new key and CSR, a claim with the code device
/// A shows, then a wait (long poll) until A has endorsed the key and the server has issued the
/// certificate; the credential is stored with its key at once. On any failure the key is
/// discarded (and an issued credential revoked): no orphan key, no half credential.
struct Import: Sendable {
    let context: SDKContext

    func run(_ token: CredentialToken) async throws -> [Credential] {
        guard token.isWellFormed else { throw BISDKError.extensionFailed(.malformedCode) }
        return try await IssuedCredential.withNewKey(context: context) { keyHandle, publicKey, csr in
            let claim: ExtensionSessionReference = try await context.api.post(
                context.domain.url(DeviceAPI.claimExtension),
                json: ClaimExtensionRequest(code: token.value, csr: csr, deviceName: ProcessInfo.processInfo.hostName))
            context.log(.info, "import: code accepted; waiting for the other device")
            let response = try await issuedCredential(for: claim, keyHandle: keyHandle)
            let credential = try await IssuedCredential.keep(
                response, keyHandle: keyHandle, publicKey: publicKey, context: context)
            context.log(.info, "import: stored credential \(credential.handle)")
            return [credential]
        }
    }

    /// Waits for the credential; if that fails (cancelled, network, the session ended), withdraws
    /// the claim so that A cannot complete it, and revokes the credential if A had already.
    private func issuedCredential(
        for claim: ExtensionSessionReference, keyHandle: Credential.KeyHandle
    ) async throws -> BindCredentialResponse {
        do {
            return try await awaitCredential(for: claim)
        } catch {
            // A task of its own, so that a cancelled caller does not cancel the withdrawal.
            try? await Task { [context] in
                let status: ExtensionStatus = try await context.api.post(context.domain.url(DeviceAPI.cancelExtension), json: claim)
                guard let issued = status.credential?.credential.id else { return }
                try await CredentialRevocation.post(credentialID: issued, signedWith: keyHandle, context: context)
            }.value
            throw error
        }
    }

    /// Polls the claim until the server has issued the credential, or the session failed.
    private func awaitCredential(for claim: ExtensionSessionReference) async throws -> BindCredentialResponse {
        var version: Int64 = 0
        while true {
            let status: ExtensionStatus = try await context.api.post(
                context.domain.url(DeviceAPI.extensionStatus),
                json: ExtensionStatusRequest(
                    sessionID: claim.sessionID, secret: claim.secret, afterVersion: version,
                    wait: ExtensionStatusRequest.maximumWait))
            version = status.version
            switch status.state {
            case .complete:
                guard let credential = status.credential else {
                    throw BISDKError.invalidServerResponse("a complete extension without the credential")
                }
                return credential
            case .open, .claimed:
                continue
            default:
                throw status.error
            }
        }
    }
}
