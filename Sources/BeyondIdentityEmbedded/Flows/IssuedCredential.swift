import Crypto
import Foundation
import IdentityProtocol
import SwiftASN1
import X509

/// Turns the server's answer to a binding (enrollment or extension) into a ``Credential``,
/// after checking that the chain's leaf certifies the device's new key.
enum IssuedCredential {
    private static func credential(
        from response: BindCredentialResponse, keyHandle: Credential.KeyHandle, publicKey: P256.Signing.PublicKey,
        context: SDKContext
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
            state: CredentialState(wire: descriptor.state),
            created: descriptor.createdAt, apiBaseURL: context.domain.baseURL, chain: response.certificateChain,
            rootFingerprint: Data(SHA256.hash(data: serializer.serializedBytes)).base64EncodedString(),
            tenantID: descriptor.tenantID, tenantDisplayName: descriptor.tenantDisplayName,
            realmID: descriptor.realmID, realmDisplayName: descriptor.realmDisplayName,
            identityID: descriptor.identityID, identityUsername: descriptor.identityUsername,
            identityDisplayName: descriptor.identityDisplayName,
            parentHandle: descriptor.parentCredentialID.map { Credential.Handle($0) },
            theme: descriptor.realmTheme.map {
                Theme(logoLightUrl: $0.logoLightURL.flatMap(URL.init(string:)), logoDarkUrl: $0.logoDarkURL.flatMap(URL.init(string:)),
                      supportUrl: $0.supportURL.flatMap(URL.init(string:)))
            })
    }

    /// Stores the credential the server issued for the new key. If the device cannot keep it
    /// (the chain is wrong, the user cancels the prompt that seals the key, the store fails),
    /// the server's record is revoked, signed by the new key, before the error propagates: no
    /// credential stays active on the server that no device holds.
    static func keep(
        _ response: BindCredentialResponse, keyHandle: Credential.KeyHandle, publicKey: P256.Signing.PublicKey,
        context: SDKContext
    ) async throws -> Credential {
        do {
            let credential = try credential(from: response, keyHandle: keyHandle, publicKey: publicKey, context: context)
            try await context.withKeyStore { try await $0.store(credential, prompt: context.biometricAskPrompt) }
            return credential
        } catch {
            let id = response.credential.id
            context.log(.warning, "could not keep credential \(id); revoking it on the server: \(error)")
            // A task of its own, so that a cancelled caller does not cancel the revocation.
            try? await Task {
                try await CredentialRevocation.post(credentialID: id, signedWith: keyHandle, context: context)
            }.value
            throw error
        }
    }

    /// A new key in the store and a CSR signed by it; `body` runs with them, and the key is
    /// discarded if `body` (or anything before it) fails: no orphan key, no half credential.
    static func withNewKey<T>(
        context: SDKContext,
        _ body: (_ key: Credential.KeyHandle, _ publicKey: P256.Signing.PublicKey, _ csr: String) async throws -> T
    ) async throws -> T {
        let (keyHandle, publicKey) = try await context.withKeyStore { try await $0.generateKey() }
        do {
            let csr = try await CertificateRequest.pem(for: publicKey) { info in
                try await context.withKeyStore { try await $0.sign(info, with: keyHandle, prompt: context.biometricAskPrompt) }
            }
            return try await body(keyHandle, publicKey, csr)
        } catch {
            await context.keyStore.discardKey(keyHandle)
            throw error
        }
    }
}

extension CredentialState {
    /// The device-side state for a state the server reports.
    init(wire: ServerCredentialState) {
        switch wire {
        case .active: self = .active
        case .suspended: self = .userSuspended
        case .revoked, .deleted: self = .userDeleted
        default: self = .invalid
        }
    }
}
