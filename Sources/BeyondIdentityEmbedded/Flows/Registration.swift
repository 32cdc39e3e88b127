import Crypto
import Foundation
import IdentityProtocol
import SwiftASN1
import X509

/// Turns an enrollment link into a stored ``Credential``: a new key in the key store, a CSR
/// for it, `POST /v1/device/credentials`, then key, chain and metadata stored together.
///
/// On any failure the new key is discarded: no orphan key, no half credential.
struct Registration: Sendable {
    let context: SDKContext

    func run(_ link: URL) async throws -> Credential {
        let token = try EnrollmentLink.bindingToken(from: link, server: context.domain)
        let (keyHandle, publicKey) = try await context.withKeyStore { try await $0.generateKey() }
        do {
            let csr = try await CertificateRequest.pem(for: publicKey) { info in
                try await context.withKeyStore { try await $0.sign(info, with: keyHandle, prompt: context.biometricAskPrompt) }
            }
            context.log(.debug, "registration: sending the binding request")
            let response: BindCredentialResponse = try await context.api.post(
                context.domain.url(DeviceAPI.bindCredential),
                json: BindCredentialRequest(bindingToken: token, csr: csr, deviceName: ProcessInfo.processInfo.hostName))
            let credential = try credential(from: response, keyHandle: keyHandle, publicKey: publicKey)
            try await context.withKeyStore { try await $0.store(credential, prompt: context.biometricAskPrompt) }
            context.log(.info, "registration: stored credential \(credential.handle)")
            return credential
        } catch {
            await context.keyStore.discardKey(keyHandle)
            context.log(.error, "registration failed: \(error)")
            throw error
        }
    }

    /// The credential the server issued, after checking that its leaf certifies our key.
    private func credential(
        from response: BindCredentialResponse, keyHandle: Credential.KeyHandle, publicKey: P256.Signing.PublicKey
    ) throws -> Credential {
        let chain: [Certificate]
        do {
            chain = try response.certificateChain.map { try Certificate(pemEncoded: $0) }
        } catch {
            throw BISDKError.invalidServerResponse("the certificate chain does not parse: \(error)")
        }
        guard let leaf = chain.first, let root = chain.last, leaf.publicKey == Certificate.PublicKey(publicKey) else {
            throw BISDKError.invalidServerResponse("the certificate chain does not certify this device's key")
        }
        var serializer = DER.Serializer()
        try serializer.serialize(root)
        let descriptor = response.credential
        return Credential(
            handle: Credential.Handle(descriptor.id), keyHandle: keyHandle,
            state: descriptor.state == CredentialStateWire.active ? .active : .userDeleted,
            created: descriptor.createdAt, apiBaseURL: context.domain.baseURL, chain: response.certificateChain,
            rootFingerprint: Data(SHA256.hash(data: serializer.serializedBytes)).base64EncodedString(),
            tenantID: descriptor.tenantID, tenantDisplayName: descriptor.tenantDisplayName,
            realmID: descriptor.realmID, realmDisplayName: descriptor.realmDisplayName,
            identityID: descriptor.identityID, identityUsername: descriptor.identityUsername,
            identityDisplayName: descriptor.identityDisplayName,
            parentHandle: descriptor.parentCredentialID.map { Credential.Handle($0) })
    }
}
